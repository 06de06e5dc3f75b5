package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.ManualSweepTimer;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.SweepTimers;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A foreground transaction that holds one row never stops the sweep of the other rows, at any table size. On a table
 * of 100 rows MariaDB ran {@code delete … where id in (…)} as a full scan, which waited on the one row another
 * connection held, even a row that was not expired, until the batch timed out: nothing was deleted.
 */
@Timeout(120)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class HeldRowTest {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String SESSIONS = SessionToken.class.getName();

  @Parameter
  TestDatabase.Kind kind;

  final TestClock clock = new TestClock(NOW);
  TestDatabase database;
  EntityManagerFactory emf;
  Connection foreground;

  @BeforeEach
  void openDatabase() throws SQLException {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, List.of(SessionToken.class));
    // 100 rows: 1..50 expired, 51..100 live; statistics then say the table is small.
    List<SessionToken> sessions = new ArrayList<>();
    for (long id = 1; id <= 100; id++) {
      sessions.add(new SessionToken(id, id <= 50 ? NOW.minus(Duration.ofMinutes(id)) : NOW.plus(Duration.ofDays(id))));
    }
    Jpa.persistAll(emf, sessions);
    foreground = database.connect();
    foreground.setAutoCommit(false);
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (database == null) {
      return; // skipped before it was created (-Dtest.databases)
    }
    if (foreground != null) {
      foreground.rollback();
      foreground.close();
    }
    emf.close();
    database.close();
  }

  @Test
  void aLiveRowHeldByAnotherConnectionDoesNotStopTheSweepOfTheExpiredRows() throws SQLException {
    hold(80, NOW.plus(Duration.ofDays(200)));

    SweepReport report = sweep();

    assertTrue(report.succeeded(), () -> "the sweep waited on the held live row: " + report);
    assertEquals(50, report.deleted());
    assertEquals(LongStream.rangeClosed(51, 100).boxed().collect(Collectors.toSet()), ids());
  }

  @Test
  void anExpiredRowHeldByAnotherConnectionIsSkippedAndTheOthersGo() throws SQLException {
    org.junit.jupiter.api.Assumptions.assumeTrue(kind != TestDatabase.Kind.H2,
        "H2 has no SKIP LOCKED: its batch waits for a held expired row until the batch timeout");
    hold(30, NOW.minus(Duration.ofMinutes(30)));

    SweepReport report = sweep();

    assertTrue(report.succeeded(), () -> "the sweep waited on the held row: " + report);
    assertEquals(49, report.deleted());
    Set<Long> expected = new TreeSet<>(LongStream.rangeClosed(51, 100).boxed().collect(Collectors.toSet()));
    expected.add(30L);
    assertEquals(expected, ids());
  }

  /**
   * A row held in one scope holds back no other scope of the round: with {@code acme}'s expired row 1 held, one sweep
   * deletes acme's other expired rows and every expired row of {@code zeta}, whose longer window puts it after acme,
   * and says work remains. The sweep used to stop at acme's batch that deleted nothing, and every sweep after it started
   * there again: zeta's rows stayed as long as the lock did.
   */
  @Test
  void aRowHeldInOneScopeHoldsBackNoOtherScopeOfTheRound() throws SQLException {
    org.junit.jupiter.api.Assumptions.assumeTrue(kind != TestDatabase.Kind.H2,
        "H2 has no SKIP LOCKED: its batch waits for a held expired row until the batch timeout");
    // A factory of its own: the other tests' background sweeps see the session tokens' pass alone.
    EntityManagerFactory scoped = Jpa.factory(database, List.of(TenantNotification.class));
    try {
      Jpa.persistAll(scoped, List.of(
          new TenantNotification(1, "acme", NOW.minus(Duration.ofDays(31))),
          new TenantNotification(2, "acme", NOW.minus(Duration.ofDays(32))),
          new TenantNotification(3, "acme", NOW.minus(Duration.ofDays(33))),
          new TenantNotification(4, "acme", NOW.minus(Duration.ofDays(1))),
          new TenantNotification(11, "zeta", NOW.minus(Duration.ofDays(41))),
          new TenantNotification(12, "zeta", NOW.minus(Duration.ofDays(42))),
          new TenantNotification(13, "zeta", NOW.minus(Duration.ofDays(35)))));
      try (PreparedStatement update = foreground.prepareStatement(
          "update tenant_notification set created_at = ? where id = 1")) {
        update.setTimestamp(1, Timestamp.from(NOW.minus(Duration.ofDays(34)))); // still expired, and held
        assertEquals(1, update.executeUpdate());
      }
      String pass = TenantNotification.class.getName();

      SweepReport report;
      try (RetentionRuntime retention = RetentionRuntime.builder(scoped).clock(clock)
          .defaults(RetentionOptions.empty().withBatchTimeout(Duration.ofSeconds(1)))
          .configuration(java.util.Map.of("retention." + pass + ".scope.zeta.retention", "40d"))
          .build()) {
        report = retention.sweep(pass);
      }

      assertTrue(report.succeeded(), () -> "the sweep waited on the held row: " + report);
      assertEquals(Set.of(1L, 4L, 13L), Jpa.inTransaction(scoped, em -> new TreeSet<>(
          em.createQuery("select n.id from TenantNotification n", Long.class).getResultList())),
          () -> "acme's held row 1 and the live rows stay, the others go: " + report);
      assertEquals(4, report.deleted());
      assertTrue(report.workRemains(), "acme's held row is left");
      assertEquals(Optional.empty(), report.noProgress(), "rows of both scopes went");
    } finally {
      foreground.rollback(); // the held row's lock, before the factory's tables go
      scoped.close();
    }
  }

  /**
   * An expired row the application holds while the background sweeps run: the first sweep deletes the other expired
   * rows, the next deletes nothing and made no progress, the row held, and the pass then waits a backoff instead of
   * sweeping again at once. Sixty ticks of 100 ms of the sweeps' timer (the 6 s of the report that found 2,564 sweeps on
   * PostgreSQL, 427 a second) run no other sweep; once the row is released, the sweep after the backoff deletes it.
   */
  @Test
  void anExpiredRowHeldWhileTheBackgroundSweepsRunMakesThePassWaitInsteadOfSweepingAgainAtOnce() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(kind != TestDatabase.Kind.H2,
        "H2 has no SKIP LOCKED: its batch waits for a held expired row until the batch timeout");
    hold(30, NOW.minus(Duration.ofMinutes(30)));
    RecordingListener listener = new RecordingListener();
    ManualSweepTimer timer = new ManualSweepTimer();

    try (RetentionRuntime retention = SweepTimers.scheduledBy(RetentionRuntime.builder(emf).clock(clock)
        .defaults(RetentionOptions.empty().withBatchTimeout(Duration.ofSeconds(1))
            .withMaxStartupStagger(Duration.ZERO))
        .listener(listener), timer).build().start()) {
      for (int tick = 0; tick < 60; tick++) {
        timer.awaitWakeUpWithin(Duration.ofDays(1)); // no sweep in flight: the next is planned
        timer.advance(Duration.ofMillis(100));
      }
      timer.awaitWakeUpWithin(Duration.ofDays(1));

      assertEquals(2, listener.sweeps.size(), () -> "the held row was swept at once again: " + listener.sweeps.size()
          + " sweeps in 6 s, the last " + listener.sweeps.get(listener.sweeps.size() - 1));
      assertEquals(49, listener.sweeps.get(0).deleted(), "the other expired rows");
      SweepReport stalled = listener.sweeps.get(1);
      assertEquals(0, stalled.deleted());
      assertTrue(stalled.succeeded(), stalled::toString);
      assertEquals(Optional.of(SweepReport.NoProgress.HELD_ROWS), stalled.noProgress(), stalled::toString);

      foreground.rollback();
      timer.advance(Duration.ofSeconds(10)); // the first backoff
      listener.awaitSweeps(3);
    }

    SweepReport released = listener.sweeps.get(2);
    assertEquals(1, released.deleted(), released::toString);
    assertEquals(Optional.empty(), released.noProgress());
    assertEquals(LongStream.rangeClosed(51, 100).boxed().collect(Collectors.toSet()), ids());
  }

  /** Updates one row in the foreground connection and keeps its transaction, and so the row's lock, open. */
  private void hold(long id, Instant expiresAt) throws SQLException {
    try (PreparedStatement update = foreground.prepareStatement(
        "update session_token set expiresAt = ? where id = ?")) {
      update.setTimestamp(1, Timestamp.from(expiresAt));
      update.setLong(2, id);
      assertEquals(1, update.executeUpdate());
    }
  }

  private SweepReport sweep() {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
        .defaults(RetentionOptions.empty().withBatchTimeout(Duration.ofSeconds(1)))
        .build()) {
      return retention.sweep(SESSIONS);
    }
  }

  private Set<Long> ids() {
    return Jpa.inTransaction(emf, em -> new TreeSet<>(
        em.createQuery("select s.id from SessionToken s", Long.class).getResultList()));
  }
}
