package dev.retention.it.replicas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.MariaDbReplicaPair;
import dev.retention.it.support.TestClock;
import dev.retention.runtime.RetentionConfigurationException;
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
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * Sweeps on MariaDB paced by a replica the application names (a {@code DataSource}), on loopback (a private primary
 * with its binary log on and a replica of it, made by {@link MariaDbReplicaPair}): a replica that applies nothing
 * (its SQL thread stopped, no delay to report) holds the sweep; applying again releases it; one that never does ends
 * the sweep with work remaining within {@code max-hold-per-sweep}; a limit in megabytes, which MariaDB's replicas do
 * not report, fails the build.
 */
class MariaDbReplicaPacingTest {

  private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  private static final String SESSIONS = SessionToken.class.getName();
  private static final int ROWS = 500;

  private static MariaDbReplicaPair pair;
  private static EntityManagerFactory emf;
  private static MariaDbDataSource replica;

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

  @BeforeAll
  static void startPrimaryAndReplica() throws SQLException {
    pair = MariaDbReplicaPair.start();
    pair.onPrimary("create database paced");
    emf = Jpa.factory(pair.primaryUrl("paced"), pair.user(), List.of(SessionToken.class), Map.of());
    replica = new MariaDbDataSource(pair.replicaUrl());
    replica.setUser(pair.user());
    replica.setPassword("");
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
  void applyAgain() throws SQLException {
    runtimeLog.removeHandler(capture);
    runtimeLog.setLevel(previousLevel);
    pair.applyAgain();
  }

  private RetentionRuntime runtime(RetentionOptions options) {
    return RetentionRuntime.builder(emf).clock(new TestClock(NOW)).defaults(options).replica("replica1", replica)
        .build();
  }

  @Test
  void aReplicaThatNeverAppliesEndsTheSweepWithWorkRemainingWithinItsHoldBudget() throws SQLException {
    pair.stopApplying();
    SweepReport report;
    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withMaxReplicaLag(Duration.ofSeconds(1))
        .withMaxHoldPerSweep(Duration.ofSeconds(2)))) {
      report = retention.sweep(SESSIONS);
    }

    assertEquals(0, report.deleted(), report.toString());
    assertTrue(report.workRemains());
    assertTrue(report.heldFor().compareTo(Duration.ofSeconds(2)) >= 0, report.toString());
    assertTrue(report.heldFor().compareTo(Duration.ofSeconds(30)) < 0, report.toString());
    String why = report.heldBy().orElseThrow();
    assertTrue(why.contains("replica1") && why.contains("replication stopped"), why);
    assertEquals(ROWS, Jpa.count(emf, SessionToken.class));
  }

  @Test
  void aReplicaThatStoppedApplyingHoldsTheSweepAndOneThatAppliesAgainReleasesIt() throws Exception {
    pair.stopApplying();
    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withMaxReplicaLag(Duration.ofSeconds(1))
        .withMaxHoldPerSweep(Duration.ofMinutes(10)))) {
      CompletableFuture<SweepReport> sweep = CompletableFuture.supplyAsync(() -> retention.sweep(SESSIONS));

      assertTrue(held.await(5, TimeUnit.MINUTES), "the sweep says it is held: " + logged);
      assertFalse(sweep.isDone(), "held while the replica applies nothing");
      pair.applyAgain();
      SweepReport report = sweep.get(10, TimeUnit.MINUTES);

      assertEquals(ROWS, report.deleted(), report.toString());
      assertTrue(report.heldFor().compareTo(Duration.ZERO) > 0, report.toString());
      assertEquals(Duration.ZERO, report.replicaLag().orElseThrow(), "caught up at the last reading");
      assertEquals(0, Jpa.count(emf, SessionToken.class));
    }
  }

  @Test
  void aLimitInMegabytesFailsTheBuildSinceMariaDbReplicasReportSeconds() {
    RetentionConfigurationException refused = org.junit.jupiter.api.Assertions.assertThrows(
        RetentionConfigurationException.class, () -> runtime(RetentionOptions.empty().withMaxReplicaLagMb(8)));

    assertTrue(refused.getMessage().contains("max-replica-lag-mb = 8")
        && refused.getMessage().contains("set max-replica-lag instead"), refused.getMessage());
  }
}
