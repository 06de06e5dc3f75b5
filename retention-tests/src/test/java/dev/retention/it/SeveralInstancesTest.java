package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.shapes.CallbackRow;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Four runtimes, each with its own {@code EntityManagerFactory} as four application instances would have, drain one
 * table at once, with no lease: locked rows are skipped, not waited for.
 */
@EveryProvider
@Timeout(600)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class SeveralInstancesTest {

  /** An instance whose rows the others took first may find a batch without progress, and says so. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("no progress \\(rows out of reach");

  /** {@code -Dseveral.expired=<n>} shrinks the backlog where this suite runs as a representative subset. */
  static final int EXPIRED = Integer.getInteger("several.expired", 200_000);
  static final int KEPT = 1_000;
  static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
  static final String SESSIONS = SessionToken.class.getName();

  TestDatabase database;

  @Parameter
  TestDatabase.Kind kind;

  TestDatabase.Kind kind() {
    return kind;
  }

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind());
    Jpa.factory(database, List.of(SessionToken.class, CallbackRow.class)).close();
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (database != null) {
      database.close();
    }
  }

  @Test
  void fourInstancesDrainOneTableTogetherWithoutFailuresAndCountEveryRowOnce() throws Exception {
    load();
    Duration alone = drain(1);
    load();

    Duration together = drain(4);

    System.out.printf("[several instances] %s, %,d expired rows: 1 instance %d ms, 4 instances %d ms%n",
        kind().label(), EXPIRED, alone.toMillis(), together.toMillis());
  }

  @Test
  void fourInstancesRemovingEntitiesEachSkipARowAnotherRemovedFirst() throws Exception {
    int expired = 5_000;
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute(switch (kind()) {
        case H2 -> "insert into callback_row (id, label, ttl) select x, 'expired', timestamp with time zone"
            + " '2026-01-01 00:00:00+00' from system_range(1, " + expired + ")";
        case POSTGRESQL -> "insert into callback_row (id, label, ttl) select x, 'expired', timestamptz"
            + " '2026-01-01 00:00:00+00' from generate_series(1, " + expired + ") x";
        case MARIADB -> "insert into callback_row (id, label, ttl) select seq, 'expired', timestamp"
            + " '2026-01-01 00:00:00' from seq_1_to_" + expired;
      });
      statement.execute("insert into callback_row (id, label, ttl) values (" + (expired + 1) + ", 'live', "
          + (kind() == TestDatabase.Kind.MARIADB ? "timestamp" : "timestamp with time zone")
          + " '2027-01-01 00:00:00" + (kind() == TestDatabase.Kind.MARIADB ? "" : "+00") + "')");
    }
    CallbackRow.REMOVED.clear();

    List<SweepReport> reports = drainTogether(4, CallbackRow.class);

    assertEquals(List.of(), reports.stream().filter(report -> report.failure().isPresent()).toList());
    assertEquals(expired, reports.stream().mapToLong(SweepReport::deleted).sum(), "each row counted once");
    assertEquals(1L, count("select count(*) from callback_row"), "the live row is kept");
  }

  /** Drains the backlog with {@code instances} runtimes and checks what is left; returns how long it took. */
  private Duration drain(int instances) throws Exception {
    long start = System.nanoTime();
    List<SweepReport> reports = drainTogether(instances, SessionToken.class);
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    List<SweepReport> failed = reports.stream().filter(report -> report.failure().isPresent()).toList();
    assertEquals(List.of(), failed, "no failure, no deadlock");
    assertEquals(EXPIRED, reports.stream().mapToLong(SweepReport::deleted).sum(), "each row counted once");
    assertEquals(2L * KEPT, count("select count(*) from session_token"), "live and null rows untouched");
    assertEquals(KEPT, count("select count(*) from session_token where expiresAt is null"));
    return took;
  }

  /** Runs {@code instances} runtimes at once, each with a factory of its own, until each sees the table drained. */
  private List<SweepReport> drainTogether(int instances, Class<?> entity) throws Exception {
    List<EntityManagerFactory> factories = new ArrayList<>();
    ExecutorService threads = Executors.newFixedThreadPool(instances);
    try {
      List<Callable<List<SweepReport>>> work = new ArrayList<>();
      for (int i = 0; i < instances; i++) {
        EntityManagerFactory emf = Jpa.factory(database, List.of(entity),
            java.util.Map.of(Jpa.SCHEMA_ACTION, "none"));
        factories.add(emf);
        work.add(() -> sweepUntilDrained(emf, entity.getCanonicalName()));
      }
      List<SweepReport> reports = new ArrayList<>();
      for (Future<List<SweepReport>> instance : threads.invokeAll(work)) {
        reports.addAll(instance.get());
      }
      return reports;
    } finally {
      threads.shutdownNow();
      factories.forEach(EntityManagerFactory::close);
    }
  }

  /** Sweeps until a sweep leaves no work and no expired row: rows skipped while another instance held them too. */
  private static List<SweepReport> sweepUntilDrained(EntityManagerFactory emf, String pass) {
    List<SweepReport> reports = new ArrayList<>();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(Clock.fixed(NOW, java.time.ZoneOffset.UTC))
        .build()) {
      SweepReport report;
      do {
        report = retention.sweep(pass);
        reports.add(report);
      } while (report.succeeded() && (report.workRemains() || report.lag().isPresent()));
    }
    return reports;
  }

  /** The backlog, loaded by the database itself: expired rows, rows expiring next year, rows with no expiry. */
  private void load() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute("delete from session_token");
      for (String sql : loadStatements()) {
        statement.execute(sql);
      }
    }
  }

  private List<String> loadStatements() {
    int liveFrom = EXPIRED + 1;
    int nullFrom = EXPIRED + KEPT + 1;
    return switch (kind()) {
      case H2 -> List.of(
          "insert into session_token (id, expiresAt) select x, dateadd('SECOND', x,"
              + " timestamp with time zone '2026-01-01 00:00:00+00') from system_range(1, " + EXPIRED + ")",
          "insert into session_token (id, expiresAt) select x, timestamp with time zone '2027-01-01 00:00:00+00'"
              + " from system_range(" + liveFrom + ", " + (nullFrom - 1) + ")",
          "insert into session_token (id) select x from system_range(" + nullFrom + ", " + (nullFrom + KEPT - 1) + ")");
      case POSTGRESQL -> List.of(
          "insert into session_token (id, expiresAt) select x, timestamptz '2026-01-01 00:00:00+00'"
              + " + x * interval '1 second' from generate_series(1, " + EXPIRED + ") x",
          "insert into session_token (id, expiresAt) select x, timestamptz '2027-01-01 00:00:00+00'"
              + " from generate_series(" + liveFrom + ", " + (nullFrom - 1) + ") x",
          "insert into session_token (id) select x from generate_series(" + nullFrom + ", " + (nullFrom + KEPT - 1)
              + ") x",
          "analyze session_token");
      case MARIADB -> List.of(
          "insert into session_token (id, expiresAt) select seq, timestamp '2026-01-01 00:00:00'"
              + " + interval seq second from seq_1_to_" + EXPIRED,
          "insert into session_token (id, expiresAt) select seq, timestamp '2027-01-01 00:00:00'"
              + " from seq_" + liveFrom + "_to_" + (nullFrom - 1),
          "insert into session_token (id) select seq from seq_" + nullFrom + "_to_" + (nullFrom + KEPT - 1),
          "analyze table session_token");
    };
  }

  private long count(String sql) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        var result = statement.executeQuery(sql)) {
      assertTrue(result.next());
      return result.getLong(1);
    }
  }
}
