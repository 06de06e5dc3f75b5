package dev.retention.benchmarks.database;

import dev.retention.it.support.ScratchDatabase;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Fills {@code expiring_row} with a {@link Workload} in one server-side statement (no row travels through the JVM),
 * and empties it between measured drains, then refreshes the planner statistics (and on PostgreSQL writes the load
 * out) so each drain starts from the same state.
 */
public final class TableLoader {

  public static final String TABLE = "expiring_row";

  private final ScratchDatabase database;

  public TableLoader(ScratchDatabase database) {
    this.database = database;
  }

  /** Empties the table and loads {@code workload}; returns how long it took. */
  public Duration reload(Workload workload) throws SQLException {
    long start = System.nanoTime();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(true);
      statement.execute("truncate table " + TABLE);
      statement.execute(insertStatement(workload));
      for (String settle : settleStatements()) {
        statement.execute(settle);
      }
      long loaded = count(statement, "select count(*) from " + TABLE);
      if (loaded != workload.rows()) {
        throw new IllegalStateException("Loaded " + loaded + " rows into " + TABLE + " on " + database + ", expected "
            + workload.rows());
      }
    } catch (SQLException e) {
      throw new SQLException("Could not load " + workload + " on " + database + ": " + e.getMessage(), e);
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  /** Rows left in the table, and how many of them are expired at {@link Workload#CUTOFF}. */
  public RowCounts counts() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      long total = count(statement, "select count(*) from " + TABLE);
      long expired = count(statement, "select count(*) from " + TABLE + " where expires_at <= "
          + SqlDialect.of(database.kind()).cutoffLiteral(Workload.CUTOFF));
      return new RowCounts(total, expired);
    }
  }

  /** Rows in the table and rows expired at the cutoff. */
  public record RowCounts(long total, long expired) {}

  private String insertStatement(Workload workload) {
    SqlDialect dialect = SqlDialect.of(database.kind());
    String id = dialect.seriesColumn();
    String rank = "mod((" + id + " - 1) * " + workload.multiplier() + ", " + workload.rows() + ")";
    String offset = rank + " - " + workload.expired() + " + 1";
    return "insert into " + TABLE + " (id, expires_at, payload) select " + id + ", "
        + dialect.cutoffPlusSeconds(Workload.CUTOFF, offset) + ", " + dialect.concat("'row '", id)
        + " from " + dialect.series(workload.rows());
  }

  /** Statistics refreshed, and on PostgreSQL the load's dirty pages written out before the drain starts. */
  private String[] settleStatements() {
    return switch (database.kind()) {
      // VACUUM also sets the visibility map, so index-only scans work from the first batch as on a settled table;
      // CHECKPOINT keeps the load's page writes from landing inside the measured drain.
      case POSTGRESQL -> new String[] {"vacuum analyze " + TABLE, "checkpoint"};
      case MARIADB -> new String[] {"analyze table " + TABLE};
      case H2 -> new String[] {"analyze table " + TABLE};
    };
  }

  private static long count(Statement statement, String query) throws SQLException {
    try (var result = statement.executeQuery(query)) {
      result.next();
      return result.getLong(1);
    }
  }
}
