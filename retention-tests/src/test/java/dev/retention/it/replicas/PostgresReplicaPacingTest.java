package dev.retention.it.replicas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.PostgresReplicaPair;
import dev.retention.it.support.TestClock;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Sweeps paced by a real streaming replica on loopback (a private PostgreSQL primary and its replica, made by
 * {@link PostgresReplicaPair}): a replica whose replay is paused holds the sweep; one that catches up releases it; one
 * that never does ends the sweep with work remaining within {@code max-hold-per-sweep}; the report says how long and
 * why. Where synchronous standbys are named, batches keep the server's {@code synchronous_commit}: their commits wait
 * for the standby as the application's do. Each wait is the runtime's own or a latch; none is a guess at a time.
 */
class PostgresReplicaPacingTest {

  private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  private static final String SESSIONS = SessionToken.class.getName();
  private static final String DATABASE = "paced";
  private static final int ROWS = 2_000;

  private static PostgresReplicaPair pair;
  private static EntityManagerFactory emf;

  /** Held here: java.util.logging keeps loggers weakly. */
  private final Logger pacingLog = Logger.getLogger("dev.retention.runtime.internal.pacing.Pacing");
  private final Logger runtimeLog = Logger.getLogger("dev.retention");
  private final List<String> logged = new ArrayList<>();
  private final CountDownLatch held = new CountDownLatch(1);
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      synchronized (logged) {
        logged.add(record.getMessage());
      }
      if (record.getMessage() != null && record.getMessage().contains(" held: ")) {
        held.countDown();
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };
  private Level previousLevel;
  /** Numbers the tables of WAL filler: one a test, in the one database the tests share. */
  private static final AtomicInteger FILLERS = new AtomicInteger();

  @BeforeAll
  static void startPrimaryAndReplica() throws SQLException {
    pair = PostgresReplicaPair.start();
    pair.onPrimary("postgres", "create database " + DATABASE);
    emf = Jpa.factory(pair.primaryUrl(DATABASE), pair.user(), List.of(SessionToken.class), Map.of());
  }

  @AfterAll
  static void stopThem() {
    if (emf != null) {
      emf.close();
    }
    if (pair != null) {
      pair.close();
    }
  }

  @BeforeEach
  void rowsAndLogs() {
    Jpa.run(emf, em -> em.createQuery("delete from SessionToken").executeUpdate());
    List<SessionToken> rows = new ArrayList<>();
    for (long id = 1; id <= ROWS; id++) {
      rows.add(new SessionToken(id, NOW.minus(Duration.ofDays(1)).plusSeconds(id)));
    }
    Jpa.persistAll(emf, rows);
    previousLevel = runtimeLog.getLevel();
    runtimeLog.setLevel(Level.INFO);
    runtimeLog.addHandler(capture);
  }

  @AfterEach
  void replayAgain() throws SQLException {
    runtimeLog.removeHandler(capture);
    runtimeLog.setLevel(previousLevel);
    pair.resumeReplay();
    pair.onPrimary("postgres", "alter system reset synchronous_standby_names");
    pair.onPrimary("postgres", "alter system reset synchronous_commit");
    pair.onPrimary("postgres", "select pg_reload_conf()");
  }

  /** Pauses the replica's replay, then writes about 12 MB of WAL on the primary that the replica cannot replay. */
  private void replicaFallsBehind() throws SQLException {
    pair.pauseReplay();
    pair.onPrimary(DATABASE, "create table filler_" + FILLERS.incrementAndGet() + " as select g, repeat('x', 500) as pad"
        + " from generate_series(1, 20000) g");
  }

  private RetentionRuntime runtime(RetentionOptions options) {
    return RetentionRuntime.builder(emf).clock(new TestClock(NOW)).defaults(options).build();
  }

  @Test
  void aReplicaThatNeverCatchesUpEndsTheSweepWithWorkRemainingWithinItsHoldBudget() throws SQLException {
    replicaFallsBehind();
    SweepReport report;
    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withMaxReplicaLagMb(1)
        .withMaxHoldPerSweep(Duration.ofSeconds(2)))) {
      report = retention.sweep(SESSIONS);
    }

    assertEquals(0, report.deleted(), report.toString());
    assertTrue(report.workRemains());
    assertTrue(report.heldFor().compareTo(Duration.ofSeconds(2)) >= 0, report.toString());
    // Within its bound: the hold budget, and at most one recheck (50 ms) and one reading past it, with room for a
    // loaded machine; a sweep that held on for ever would not return at all.
    assertTrue(report.heldFor().compareTo(Duration.ofSeconds(30)) < 0, report.toString());
    String why = report.heldBy().orElseThrow();
    assertTrue(why.contains("walreceiver") && why.contains("past the limit of 1.0 MB"), why);
    assertTrue(report.replicaLagBytes().orElseThrow() > 1024 * 1024, report.toString());
    assertEquals(ROWS, Jpa.count(emf, SessionToken.class), "every row waits for the replica");
    synchronized (logged) {
      assertTrue(logged.stream().anyMatch(line -> line.contains("waited") && line.contains("work remaining")),
          logged.toString());
    }
  }

  @Test
  void aHeldReplicaHoldsTheSweepAndACaughtUpOneReleasesIt() throws Exception {
    replicaFallsBehind();
    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withMaxReplicaLagMb(1)
        .withMaxHoldPerSweep(Duration.ofMinutes(10)))) {
      CompletableFuture<SweepReport> sweep = CompletableFuture.supplyAsync(() -> retention.sweep(SESSIONS));

      assertTrue(held.await(5, TimeUnit.MINUTES), "the sweep says it is held: " + logged);
      assertFalse(sweep.isDone(), "held while the replica's replay is paused");
      assertEquals(ROWS, Jpa.count(emf, SessionToken.class), "no batch went");
      pair.resumeReplay();
      SweepReport report = sweep.get(10, TimeUnit.MINUTES);

      assertEquals(ROWS, report.deleted(), report.toString());
      assertFalse(report.workRemains());
      assertTrue(report.heldFor().compareTo(Duration.ZERO) > 0, report.toString());
      assertTrue(report.heldBy().orElseThrow().contains("walreceiver"), report.toString());
      assertEquals(0, Jpa.count(emf, SessionToken.class));
    }
  }

  @Test
  void whereASynchronousStandbyIsNamedBatchesCommitAsTheServerSaysAndWaitForIt() throws Exception {
    pair.onPrimary("postgres", "alter system set synchronous_standby_names = '*'");
    pair.onPrimary("postgres", "alter system set synchronous_commit = 'remote_apply'");
    pair.onPrimary("postgres", "select pg_reload_conf()");
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(new TestClock(NOW))
        .defaults(RetentionOptions.empty().withMaxStartupStagger(Duration.ofDays(1))).build()) {
      retention.start(); // for its start line; the first sweep is a day away
      synchronized (logged) {
        assertTrue(logged.stream().anyMatch(line -> line.contains("commits with the server's synchronous_commit,"
            + " remote_apply (synchronous_standby_names = '*')")), logged.toString());
      }
      pair.pauseReplay();
      CompletableFuture<SweepReport> sweep = CompletableFuture.supplyAsync(() -> retention.sweep(SESSIONS));

      // The first batch's commit waits for the standby to apply it, which it cannot while its replay is paused: the
      // database shows the wait. (With synchronous_commit off, as before, it would not wait.)
      pair.onPrimary("postgres", "do $$ begin for i in 1..30000 loop exit when exists (select 1 from"
          + " pg_stat_activity where wait_event = 'SyncRep'); perform pg_sleep(0.01); end loop; end $$");
      assertFalse(sweep.isDone(), "the batch's commit waits for the standby");
      pair.resumeReplay();
      SweepReport report = sweep.get(10, TimeUnit.MINUTES);
      assertEquals(ROWS, report.deleted(), report.toString());
    }
  }

}
