package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.AuditEntry;
import dev.retention.it.model.SessionToken;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.internal.lock.LockKeys;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One sweeper per pass across instances: before a sweep, the pass's lock is taken in the database without waiting
 * (PostgreSQL {@code pg_try_advisory_lock}, MariaDB {@code GET_LOCK}); a sweep that does not get it is skipped, reads
 * and deletes nothing, and is not a failure. A lock goes with its connection. H2 keeps every instance sweeping.
 */
@Timeout(120)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class SweepLockTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String SESSIONS = SessionToken.class.getName();
  static final int EXPIRED = 120;
  static final int LIVE = 30;

  SweepLockTest(TestDatabase.Kind kind) {
    super(kind, NOW, SessionToken.class);
  }

  @BeforeEach
  @Override
  protected void openDatabase() {
    super.openDatabase();
    List<SessionToken> sessions = new ArrayList<>();
    for (long id = 1; id <= EXPIRED + LIVE; id++) {
      sessions.add(new SessionToken(id, id <= EXPIRED ? NOW.minus(Duration.ofMinutes(id)) : NOW.plus(Duration.ofDays(id))));
    }
    Jpa.persistAll(emf, sessions);
  }

  /**
   * The sweep lock holds a connection of its own for the whole sweep: with a pool of one, every batch would wait for a
   * connection that never comes. The build says so, naming the lock and the setting; H2 takes no lock, so it builds.
   */
  @Test
  void aPoolOfOneConnectionFailsTheBuildNamingTheSweepLockAndTheSetting() {
    jakarta.persistence.EntityManagerFactory single = Jpa.factory(database, List.of(SessionToken.class),
        java.util.Map.of("hibernate.connection.pool_size", "1"));
    try {
      RetentionRuntime.Builder builder = RetentionRuntime.builder(single).clock(clock);
      if (kind == TestDatabase.Kind.H2) {
        builder.build().close();
        return;
      }
      dev.retention.runtime.RetentionConfigurationException refused = org.junit.jupiter.api.Assertions.assertThrows(
          dev.retention.runtime.RetentionConfigurationException.class, builder::build);
      assertTrue(refused.getMessage().contains("The connection pool has 1 connection, but a sweep holds one of its own"
          + " for the whole sweep, for its sweep lock") && refused.getMessage().contains(
              "Give the pool at least 2 connections (hibernate.connection.pool_size (Hibernate's built-in pool))"),
          refused::getMessage);
    } finally {
      single.close();
    }
  }

  /**
   * Each sweep holds its lock's connection beside its batch's: two sweeps at once on a pool of two built, then both
   * held their lock's connection and waited for a batch connection that never came, and every sweep failed. The
   * build counts the sweeps that may run at once: as many as {@code maxConcurrentSweeps}, a pass once at a time.
   */
  @Test
  void twoSweepsAtOnceOnAPoolOfTwoFailTheBuildNamingBothSettings() {
    EntityManagerFactory two = Jpa.factory(database, List.of(SessionToken.class, AuditEntry.class),
        Map.of("hibernate.connection.pool_size", "2"));
    try {
      RetentionRuntime.Builder bothAtOnce = RetentionRuntime.builder(two).clock(clock).maxConcurrentSweeps(2);
      if (kind == TestDatabase.Kind.H2) {
        bothAtOnce.build().close(); // no lock: a sweep takes one connection
        return;
      }
      RetentionConfigurationException refused = assertThrows(RetentionConfigurationException.class,
          bothAtOnce::build);
      assertTrue(refused.getMessage().contains("The connection pool has 2 connections, but a sweep holds one of its"
          + " own for the whole sweep, for its sweep lock") && refused.getMessage().contains("maxConcurrentSweeps lets"
          + " 2 sweeps run at once: they need 4 connections") && refused.getMessage().contains("Give the pool at least"
          + " 4 connections (hibernate.connection.pool_size (Hibernate's built-in pool)), or lower"
          + " maxConcurrentSweeps"), refused::getMessage);

      // One sweep at a time, or one pass enabled (a pass sweeps once at a time): two connections are enough.
      RetentionRuntime.builder(two).clock(clock).build().close();
      RetentionRuntime.builder(two).clock(clock).maxConcurrentSweeps(2)
          .options(AuditEntry.class.getName(), RetentionOptions.empty().withEnabled(false)).build().close();
    } finally {
      two.close();
    }
  }

  @Test
  void aSweepIsSkippedWhileAnotherSessionHoldsThePassAndRunsOnceThatConnectionCloses() throws SQLException {
    assumeServer();
    String line = StartLine.of(runtime(emf).build());
    assertTrue(line.contains("one instance sweeps a pass at a time") && line.contains("the others skip it and try"
        + " again within a minute"), line);
    try (RetentionRuntime retention = runtime(emf).build()) {
      Connection holder = database.connect();
      assertTrue(take(holder), "the test takes the pass's lock");

      SweepReport skipped = retention.sweep(SESSIONS);

      assertTrue(skipped.skipped(), () -> "swept while another session held the pass: " + skipped);
      assertTrue(skipped.failure().isEmpty(), "a skipped sweep is not a failure");
      assertFalse(skipped.succeeded(), "nor a success: it did not run");
      assertEquals(0, skipped.deleted());
      assertEquals(0, skipped.batches());
      assertTrue(skipped.toString().contains("skipped"), skipped::toString);
      assertEquals(EXPIRED + LIVE, rows(), "nothing was deleted");

      // The holder crashes: its connection goes, and the server releases its lock with it.
      holder.close();
      awaitReleased();

      SweepReport swept = retention.sweep(SESSIONS);

      assertFalse(swept.skipped(), swept::toString);
      assertTrue(swept.succeeded(), swept::toString);
      assertEquals(EXPIRED, swept.deleted());
      assertEquals(LIVE, rows());
      assertTrue(free(), "the sweep released the lock when it ended");
    }
  }

  @Test
  void twoRuntimesNeverSweepOnePassAtOnce() throws SQLException {
    assumeServer();
    EntityManagerFactory second = Jpa.factory(database, List.of(SessionToken.class), Map.of(Jpa.SCHEMA_ACTION, "none"));
    List<SweepReport> duringFirst = new CopyOnWriteArrayList<>();
    try (RetentionRuntime other = runtime(second).build();
        RetentionRuntime first = runtime(emf)
            // Each batch of the first runtime's sweep asks the second runtime to sweep the same pass, from inside
            // the first sweep: while it lasts, the second runtime must not get the pass.
            .beforeDelete(SESSIONS, (em, ids) -> duringFirst.add(other.sweep(SESSIONS)))
            .build()) {

      SweepReport firstReport = first.sweep(SESSIONS);

      assertTrue(firstReport.succeeded(), firstReport::toString);
      assertEquals(EXPIRED, firstReport.deleted());
      assertTrue(firstReport.batches() > 1, "the backlog takes several batches: " + firstReport);
      assertEquals(firstReport.batches(), duringFirst.size());
      for (SweepReport report : duringFirst) {
        assertTrue(report.skipped(), () -> "the second runtime swept while the first did: " + report);
        assertEquals(0, report.deleted());
      }
      assertEquals(LIVE, rows());

      SweepReport after = other.sweep(SESSIONS);

      assertFalse(after.skipped(), () -> "the first sweep kept the lock after it ended: " + after);
      assertEquals(0, after.deleted());
    } finally {
      second.close();
    }
  }

  /**
   * The lock is the pass's in its own database: the same entity in another database on the same server sweeps while
   * this one's lock is held (MariaDB's named locks are the server's, so their name carries the schema).
   */
  @Test
  void theSamePassInAnotherDatabaseOnTheServerIsNotSkipped() throws Exception {
    assumeServer();
    try (TestDatabase other = TestDatabase.create(kind);
        Connection holder = database.connect()) {
      EntityManagerFactory otherEmf = Jpa.factory(other, List.of(SessionToken.class));
      try (RetentionRuntime retention = runtime(otherEmf).build()) {
        Jpa.persistAll(otherEmf, List.of(new SessionToken(1, NOW.minus(Duration.ofMinutes(1)))));
        assertTrue(take(holder), "the test takes the pass's lock in this database");

        SweepReport swept = retention.sweep(SESSIONS);

        assertFalse(swept.skipped(), () -> "skipped for a lock held in another database: " + swept);
        assertEquals(1, swept.deleted(), swept::toString);
      } finally {
        otherEmf.close();
      }
    }
  }

  @Test
  void everyInstanceSweepsOnH2() {
    Assumptions.assumeTrue(kind == TestDatabase.Kind.H2, "the servers take the pass's lock");
    String line = StartLine.of(runtime(emf).build());
    assertTrue(line.contains("every instance sweeps every pass"), line);
    try (RetentionRuntime retention = runtime(emf).build()) {

      SweepReport report = retention.sweep(SESSIONS);

      assertFalse(report.skipped(), report::toString);
      assertEquals(EXPIRED, report.deleted());
    }
  }

  private RetentionRuntime.Builder runtime(EntityManagerFactory factory) {
    return RetentionRuntime.builder(factory).clock(clock)
        .defaults(RetentionOptions.empty().withBatchSize(50).withBatchDelay(Duration.ZERO));
  }

  private void assumeServer() {
    Assumptions.assumeTrue(kind != TestDatabase.Kind.H2, "H2 has no session lock: every instance sweeps");
  }

  /** This test's database, whose name MariaDB's lock names carry. */
  private String schema() throws SQLException {
    try (Connection connection = database.connect()) {
      return connection.getCatalog();
    }
  }

  private boolean take(Connection connection) throws SQLException {
    return ask(connection, kind == TestDatabase.Kind.POSTGRESQL
        ? "select pg_try_advisory_lock(" + LockKeys.advisoryKey(SESSIONS) + ")"
        : "select get_lock('" + LockKeys.lockName(schema(), SESSIONS) + "', 0)");
  }

  /** Whether no session holds the pass's lock. */
  private boolean free() throws SQLException {
    try (Connection connection = database.connect()) {
      return ask(connection, kind == TestDatabase.Kind.POSTGRESQL
          // An advisory lock is its database's; pg_locks lists every database's (other suites run on the server).
          ? "select not exists (select 1 from pg_locks where locktype = 'advisory' and granted"
              + " and database = (select oid from pg_database where datname = current_database())"
              + " and ((classid::bigint << 32) | objid::bigint) = " + LockKeys.advisoryKey(SESSIONS) + ")"
          : "select is_free_lock('" + LockKeys.lockName(schema(), SESSIONS) + "')");
    }
  }

  /**
   * Waits until the server has ended the closed connection's session, which it does after the client has gone: asks
   * it, rather than sleeping, and gives up with a failure after many asks.
   */
  private void awaitReleased() throws SQLException {
    for (int ask = 0; ask < 10_000; ask++) {
      if (free()) {
        return;
      }
    }
    throw new AssertionError("the closed connection's lock was never released");
  }

  private static boolean ask(Connection connection, String sql) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql); ResultSet result = statement.executeQuery()) {
      assertTrue(result.next());
      Object answer = result.getObject(1);
      return answer instanceof Boolean yes ? yes : ((Number) answer).intValue() == 1;
    }
  }

  private long rows() throws SQLException {
    try (Connection connection = database.connect();
        PreparedStatement statement = connection.prepareStatement("select count(*) from session_token");
        ResultSet result = statement.executeQuery()) {
      assertTrue(result.next());
      return result.getLong(1);
    }
  }
}
