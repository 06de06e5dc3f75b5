package dev.retention.benchmarks.sessions;

import dev.retention.it.support.ScratchDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;

/**
 * Spring Session JDBC's two tables: {@code spring_session} (created by the provider from {@code SessionRow}) and
 * {@code spring_session_attributes}, created here as Spring Session's schema scripts declare it, its foreign key
 * cascading on delete in the database. Loads {@code sessions} sessions with {@link #ATTRIBUTES} attributes each in
 * server-side statements, the first {@code expired} of them (in insertion order; their keys are hashes, so in no order)
 * expired at the cutoff.
 *
 * <p>Session {@code i} (1 to sessions) has {@code session_id} {@code 's' + i}, a primary key of 36 characters in
 * UUID form from {@code md5(i)}, and {@code expiry_time = cutoff + (i - 1 - expired) s + 500 ms} in epoch
 * milliseconds: no row expires exactly at the cutoff, so {@code expiry_time < cutoff} (Spring Session's statement) and
 * the runtime's {@code <=} delete the same rows.
 */
public final class SessionTables {

  /** Attributes per session, as the measurement had them. */
  public static final int ATTRIBUTES = 5;

  public static final String SESSIONS = "spring_session";
  public static final String ATTRIBUTES_TABLE = "spring_session_attributes";

  private final ScratchDatabase database;
  private final Instant cutoff;

  public SessionTables(ScratchDatabase database, Instant cutoff) {
    this.database = database;
    this.cutoff = cutoff;
  }

  /** Creates the attributes table; the session table must exist. */
  public void createAttributes() throws SQLException {
    String bytes = switch (database.kind()) {
      case POSTGRESQL -> "bytea";
      default -> "blob";
    };
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute("create table " + ATTRIBUTES_TABLE + " (session_primary_id varchar(36) not null,"
          + " attribute_name varchar(200) not null, attribute_bytes " + bytes + " not null,"
          + " constraint spring_session_attributes_pk primary key (session_primary_id, attribute_name),"
          + " constraint spring_session_attributes_fk foreign key (session_primary_id) references " + SESSIONS
          + " (primary_id) on delete cascade)");
    }
  }

  /** Empties both tables and loads the sessions; returns how long it took. */
  public Duration reload(long sessions, long expired) throws SQLException {
    long start = System.nanoTime();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(true);
      switch (database.kind()) {
        case POSTGRESQL -> statement.execute("truncate table " + ATTRIBUTES_TABLE + ", " + SESSIONS);
        default -> {
          statement.execute("delete from " + ATTRIBUTES_TABLE);
          statement.execute("delete from " + SESSIONS);
        }
      }
      statement.execute(insertSessions(sessions, expired));
      statement.execute(insertAttributes());
      for (String settle : settleStatements()) {
        statement.execute(settle);
      }
      Counts counts = counts(statement);
      if (counts.sessions() != sessions || counts.attributes() != sessions * ATTRIBUTES
          || counts.expired() != expired) {
        throw new IllegalStateException("Loaded " + counts + " on " + database + ", expected " + sessions
            + " sessions, " + expired + " expired");
      }
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  /** Sessions left, how many of them are expired at the cutoff, and attributes left. */
  public Counts counts() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      return counts(statement);
    }
  }

  /** Rows of both tables. */
  public record Counts(long sessions, long expired, long attributes) {}

  public long cutoffMillis() {
    return cutoff.toEpochMilli();
  }

  /** The {@code session_id} of session {@code i}. */
  public static String sessionId(long i) {
    return "s" + i;
  }

  private Counts counts(Statement statement) throws SQLException {
    return new Counts(count(statement, "select count(*) from " + SESSIONS),
        count(statement, "select count(*) from " + SESSIONS + " where expiry_time < " + cutoffMillis()),
        count(statement, "select count(*) from " + ATTRIBUTES_TABLE));
  }

  private String insertSessions(long sessions, long expired) {
    String series;
    String hash;
    switch (database.kind()) {
      case POSTGRESQL -> {
        series = "generate_series(1::bigint, " + sessions + ") as g(i)";
        hash = "md5(i::text)";
      }
      case MARIADB -> {
        series = "(select cast(seq as signed) as i from seq_1_to_" + sessions + ") g";
        hash = "md5(i)";
      }
      default -> throw new IllegalStateException("No session layout on " + database);
    }
    String key = "concat(substr(h, 1, 8), '-', substr(h, 9, 4), '-', substr(h, 13, 4), '-', substr(h, 17, 4), '-',"
        + " substr(h, 21, 12))";
    String expiry = cutoffMillis() + " + (i - 1 - " + expired + ") * 1000 + 500";
    return "insert into " + SESSIONS + " (primary_id, session_id, creation_time, last_access_time,"
        + " max_inactive_interval, expiry_time, principal_name) select " + key + ", concat('s', i), "
        + expiry + " - 1800000, " + expiry + " - 1800000, 1800, " + expiry + ", null from (select i, " + hash
        + " as h from " + series + ") s";
  }

  private String insertAttributes() {
    String numbers = switch (database.kind()) {
      case POSTGRESQL -> "generate_series(1, " + ATTRIBUTES + ") as a(n)";
      default -> "(select seq as n from seq_1_to_" + ATTRIBUTES + ") a";
    };
    String bytes = switch (database.kind()) {
      case POSTGRESQL -> "convert_to(repeat('x', 200), 'UTF8')";
      default -> "repeat('x', 200)";
    };
    return "insert into " + ATTRIBUTES_TABLE + " (session_primary_id, attribute_name, attribute_bytes)"
        + " select s.primary_id, concat('attribute.', a.n), " + bytes + " from " + SESSIONS + " s cross join "
        + numbers;
  }

  private String[] settleStatements() {
    return switch (database.kind()) {
      case POSTGRESQL -> new String[] {"vacuum analyze " + SESSIONS, "vacuum analyze " + ATTRIBUTES_TABLE,
          "checkpoint"};
      default -> new String[] {"analyze table " + SESSIONS + ", " + ATTRIBUTES_TABLE};
    };
  }

  private static long count(Statement statement, String query) throws SQLException {
    try (ResultSet result = statement.executeQuery(query)) {
      result.next();
      return result.getLong(1);
    }
  }
}
