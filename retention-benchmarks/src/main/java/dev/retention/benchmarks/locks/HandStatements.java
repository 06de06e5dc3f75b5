package dev.retention.benchmarks.locks;

import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The candidate statement shapes for a key the runtime's native shapes did not take, written by hand over JDBC, so
 * that {@code --modes=locks} can compare them on the same table before one goes into the runtime. Each drains the
 * expired locks in batches of {@link #BATCH} rows, one transaction a batch (the database's own isolation level), the
 * predicate {@code CREATED_DATE <= cutoff} applied at every delete:
 * <ul>
 *   <li>{@code sql-portable}: the portable JPQL's two statements, the oldest keys then a delete by the key list
 *       ({@code (LOCK_KEY, REGION) in ((?, ?), …)});
 *   <li>{@code sql-skip-locked}: the same, the keys selected {@code for update skip locked};
 *   <li>{@code sql-order-limit} (MariaDB and MySQL only): one {@code delete … order by CREATED_DATE, <key> limit 500},
 *       which names no key list;
 *   <li>{@code sql-range}: the range statement's probe of the 500th row's {@code CREATED_DATE}, then one delete of the
 *       expired rows before it (the layout has no ties).
 * </ul>
 * Hibernate's cost is left out of all of them alike; the runtime's own sweep is measured beside them.
 */
final class HandStatements {

  static final List<String> STRATEGIES = List.of("sql-portable", "sql-skip-locked", "sql-order-limit", "sql-range");
  private static final int BATCH = 500;

  private final ScratchDatabase database;
  private final LockKeys keys;
  private final LocalDateTime cutoff;

  HandStatements(ScratchDatabase database, LockKeys keys, LocalDateTime cutoff) {
    this.database = database;
    this.keys = keys;
    this.cutoff = cutoff;
  }

  /** Whether {@code strategy} can run on this database. */
  static boolean runsOn(String strategy, TestDatabase.Kind kind) {
    return !strategy.equals("sql-order-limit") || kind == TestDatabase.Kind.MARIADB;
  }

  /** The deleted rows and the batches and statements it took. */
  record Drain(long deleted, int batches, long statements) {}

  Drain drain(String strategy) throws SQLException {
    long deleted = 0;
    int batches = 0;
    long statements = 0;
    try (Connection connection = database.connect()) {
      connection.setAutoCommit(false);
      while (true) {
        Batch batch = switch (strategy) {
          case "sql-portable" -> byKeys(connection, "");
          case "sql-skip-locked" -> byKeys(connection, " for update skip locked");
          case "sql-order-limit" -> orderLimit(connection);
          case "sql-range" -> range(connection);
          default -> throw new IllegalArgumentException("No hand-written strategy " + strategy);
        };
        connection.commit();
        deleted += batch.deleted();
        batches++;
        statements += batch.statements();
        if (!batch.more()) {
          return new Drain(deleted, batches, statements);
        }
      }
    }
  }

  /** One batch: its rows, its statements, and whether another batch may find rows. */
  private record Batch(int deleted, int statements, boolean more) {

    Batch(int deleted, int statements) {
      this(deleted, statements, deleted == BATCH);
    }
  }

  private String keyList() {
    return String.join(", ", keys.columns);
  }

  private Batch byKeys(Connection connection, String lock) throws SQLException {
    List<List<Object>> selected = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement("select " + keyList() + " from " + keys.table
        + " where CREATED_DATE <= ? order by CREATED_DATE, " + keyList() + " limit " + BATCH + lock)) {
      select.setObject(1, cutoff);
      try (ResultSet result = select.executeQuery()) {
        while (result.next()) {
          List<Object> key = new ArrayList<>();
          for (int column = 1; column <= keys.columns.size(); column++) {
            key.add(result.getObject(column));
          }
          selected.add(key);
        }
      }
    }
    if (selected.isEmpty()) {
      return new Batch(0, 1);
    }
    String tuple = keys.columns.size() == 1 ? "?" : "(" + String.join(", ", Collections.nCopies(keys.columns.size(),
        "?")) + ")";
    String column = keys.columns.size() == 1 ? keyList() : "(" + keyList() + ")";
    try (PreparedStatement delete = connection.prepareStatement("delete from " + keys.table + " where " + column
        + " in (" + String.join(", ", Collections.nCopies(selected.size(), tuple)) + ") and CREATED_DATE <= ?")) {
      int parameter = 1;
      for (List<Object> key : selected) {
        for (Object value : key) {
          delete.setObject(parameter++, value);
        }
      }
      delete.setObject(parameter, cutoff);
      return new Batch(delete.executeUpdate(), 2);
    }
  }

  private Batch orderLimit(Connection connection) throws SQLException {
    try (PreparedStatement delete = connection.prepareStatement("delete from " + keys.table
        + " where CREATED_DATE <= ? order by CREATED_DATE, " + keyList() + " limit " + BATCH)) {
      delete.setObject(1, cutoff);
      return new Batch(delete.executeUpdate(), 1);
    }
  }

  private Batch range(Connection connection) throws SQLException {
    Object end = null;
    try (PreparedStatement probe = connection.prepareStatement("select CREATED_DATE from " + keys.table
        + " where CREATED_DATE <= ? order by CREATED_DATE limit 1 offset " + (BATCH - 1))) {
      probe.setObject(1, cutoff);
      try (ResultSet result = probe.executeQuery()) {
        if (result.next()) {
          end = result.getObject(1, LocalDateTime.class);
        }
      }
    }
    String sql = "delete from " + keys.table + " where CREATED_DATE <= ?" + (end == null ? "" : " and CREATED_DATE < ?");
    try (PreparedStatement delete = connection.prepareStatement(sql)) {
      delete.setObject(1, cutoff);
      if (end != null) {
        delete.setObject(2, end);
      }
      // The range stops before the probed row, which goes with the next batch.
      return new Batch(delete.executeUpdate(), 2, end != null);
    }
  }
}
