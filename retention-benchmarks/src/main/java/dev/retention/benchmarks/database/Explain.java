package dev.retention.benchmarks.database;

import dev.retention.it.support.ScratchDatabase;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

/**
 * The plan of the portable pass's batch select, executed, on the freshly loaded table: what each batch of a sweep
 * starts with. Recorded with the figures so that a slow sweep can be read against its plan.
 */
public final class Explain {

  private Explain() {}

  /** The executed plan of one batch's select at {@code batchSize}, as text. */
  public static String batchSelect(ScratchDatabase database, Instant cutoff, int batchSize) throws SQLException {
    String select = "select id from " + TableLoader.TABLE + " where expires_at <= "
        + SqlDialect.of(database.kind()).cutoffLiteral(cutoff) + " order by expires_at, id limit " + batchSize;
    String explain = switch (database.kind()) {
      case POSTGRESQL -> "explain (analyze, buffers) " + select;
      case MARIADB -> "analyze " + select;
      case H2 -> "explain analyze " + select;
    };
    StringBuilder plan = new StringBuilder(explain).append(System.lineSeparator());
    try (Connection connection = database.connect();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(explain)) {
      ResultSetMetaData columns = rows.getMetaData();
      if (columns.getColumnCount() > 1) {
        plan.append(header(columns)).append(System.lineSeparator());
      }
      while (rows.next()) {
        for (int column = 1; column <= columns.getColumnCount(); column++) {
          plan.append(column > 1 ? " | " : "").append(rows.getString(column));
        }
        plan.append(System.lineSeparator());
      }
    } catch (SQLException e) {
      throw new SQLException("Could not explain the batch select on " + database + ": " + e.getMessage(), e);
    }
    return plan.toString();
  }

  private static String header(ResultSetMetaData columns) throws SQLException {
    StringBuilder header = new StringBuilder();
    for (int column = 1; column <= columns.getColumnCount(); column++) {
      header.append(column > 1 ? " | " : "").append(columns.getColumnLabel(column));
    }
    return header.toString();
  }
}
