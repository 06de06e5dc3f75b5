package dev.retention.benchmarks.locks;

import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * {@code INT_LOCK} or {@code INT_LOCK_TEXT} (created by the provider from {@code LockRow}, {@code TextLockRow}) loaded in one server-side statement: lock {@code i}
 * (1 to locks) has a {@code LOCK_KEY} in UUID form from {@code md5(i)}, region {@code 'region-' + i mod 5}, and
 * {@code CREATED_DATE = cutoff + (2 (i - expired) - 1) s}: the first {@code expired} locks (in insertion order; their
 * keys are hashes, so in no key order) before the cutoff, none at it, so that Spring's {@code <} and the runtime's
 * {@code <=} delete the same rows. The index on {@code CREATED_DATE} is dropped or created on demand.
 */
final class LockTables {

  static final int REGIONS = 5;
  private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private final ScratchDatabase database;
  private final LockKeys keys;
  private final LocalDateTime cutoff;
  private boolean indexed = true;

  LockTables(ScratchDatabase database, LockKeys keys, LocalDateTime cutoff) {
    this.database = database;
    this.keys = keys;
    this.cutoff = cutoff;
  }

  String table() {
    return keys.table;
  }

  /** Drops or creates the index on {@code CREATED_DATE}; the provider created it. */
  void index(boolean wanted) throws SQLException {
    if (wanted == indexed) {
      return;
    }
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(true);
      if (wanted) {
        statement.execute("create index " + keys.index() + " on " + keys.table + " (CREATED_DATE)");
      } else {
        statement.execute(database.kind() == TestDatabase.Kind.POSTGRESQL ? "drop index " + keys.index()
            : "drop index " + keys.index() + " on " + keys.table);
      }
    }
    indexed = wanted;
  }

  /** Empties the table and loads the locks; returns how long it took. */
  Duration reload(long locks, long expired) throws SQLException {
    long start = System.nanoTime();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(true);
      statement.execute("truncate table " + keys.table);
      statement.execute(insert(locks, expired));
      statement.execute(database.kind() == TestDatabase.Kind.POSTGRESQL ? "vacuum analyze " + keys.table
          : "analyze table " + keys.table);
      Counts counts = counts(statement);
      if (counts.locks() != locks || counts.expired() != expired) {
        throw new IllegalStateException("Loaded " + counts + " into " + keys.table + " on " + database + ", expected "
            + locks + " locks, " + expired + " expired");
      }
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  /** Locks left, and how many of them are expired at the cutoff. */
  Counts counts() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      return counts(statement);
    }
  }

  record Counts(long locks, long expired) {}

  LocalDateTime cutoff() {
    return cutoff;
  }

  private Counts counts(Statement statement) throws SQLException {
    return new Counts(count(statement, "select count(*) from " + keys.table),
        count(statement, "select count(*) from " + keys.table + " where CREATED_DATE < " + literal()));
  }

  private String literal() {
    return "timestamp '" + LITERAL.format(cutoff) + "'";
  }

  private String insert(long locks, long expired) {
    String series;
    String hash;
    String clientHash;
    String created;
    switch (database.kind()) {
      case POSTGRESQL -> {
        series = "generate_series(1::bigint, " + locks + ") as g(i)";
        hash = "md5(i::text)";
        clientHash = "md5('client' || (i % 7))";
        created = literal() + " + (2 * (i - " + expired + ") - 1) * interval '1 second'";
      }
      case MARIADB -> {
        series = "(select cast(seq as signed) as i from seq_1_to_" + locks + ") g";
        hash = "md5(i)";
        clientHash = "md5(concat('client', i % 7))";
        created = literal() + " + interval (2 * (i - " + expired + ") - 1) second";
      }
      default -> throw new IllegalStateException("No lock layout on " + database);
    }
    String region = keys == LockKeys.COMPOSITE ? "concat('region-', i % " + REGIONS + "), " : "";
    return "insert into " + keys.table + " (LOCK_KEY, " + (region.isEmpty() ? "" : "REGION, ")
        + "CLIENT_ID, CREATED_DATE) select " + uuid("h") + ", " + region + uuid("c") + ", " + created + " from (select i, " + hash
        + " as h, " + clientHash + " as c from " + series + ") s";
  }

  private static String uuid(String hex) {
    return "concat(substr(" + hex + ", 1, 8), '-', substr(" + hex + ", 9, 4), '-', substr(" + hex + ", 13, 4), '-',"
        + " substr(" + hex + ", 17, 4), '-', substr(" + hex + ", 21, 12))";
  }

  private static long count(Statement statement, String query) throws SQLException {
    try (ResultSet result = statement.executeQuery(query)) {
      result.next();
      return result.getLong(1);
    }
  }
}
