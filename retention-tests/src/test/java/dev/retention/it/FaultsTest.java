package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.JpaProvider;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.SweepingProcess;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Faults a sweeper meets in production: the sweeping JVM killed mid-sweep, and (PostgreSQL, when the build allows it
 * with {@code -Dtest.faults=true}) the database restarted mid-sweep. Batches are all-or-nothing, nothing unexpired is
 * lost, and a later sweep completes the drain.
 */
@EveryProvider
@Timeout(300)
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = {"POSTGRESQL", "MARIADB"})
class FaultsTest {

  static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
  static final int EXPIRED = 20_000;
  static final int LIVE = 500;

  TestDatabase database;
  EntityManagerFactory emf;

  @Parameter
  TestDatabase.Kind kind;

  TestDatabase.Kind kind() {
    return kind;
  }

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind());
    emf = Jpa.factory(database, List.of(SessionToken.class));
    List<SessionToken> rows = new ArrayList<>();
    for (long id = 1; id <= EXPIRED; id++) {
      rows.add(new SessionToken(id, NOW.minus(Duration.ofDays(10)).plusSeconds(id)));
    }
    for (long id = EXPIRED + 1; id <= EXPIRED + LIVE; id++) {
      rows.add(new SessionToken(id, NOW.plus(Duration.ofDays(1))));
    }
    Jpa.persistAll(emf, rows);
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (emf != null) {
      emf.close();
    }
    if (database != null) {
      database.close();
    }
  }

  @Test
  void aSweepingJvmKilledMidSweepLeavesWholeBatchesAndALaterSweepFinishes() throws Exception {
    Process sweeper = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), SweepingProcess.class.getName(),
        database.url(), database.user(), NOW.toString())
        .redirectErrorStream(true)
        .start();
    try (BufferedReader output = new BufferedReader(
        new InputStreamReader(sweeper.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = output.readLine()) != null && !line.equals("committed batch 5")) {
        assertTrue(!line.equals("drained"), "the sweeper finished before it could be killed");
      }
      assertEquals("committed batch 5", line, "the sweeper ended before its fifth batch");
      sweeper.destroyForcibly();
      assertTrue(sweeper.waitFor(30, TimeUnit.SECONDS));
    }

    long gone = EXPIRED + LIVE - Jpa.count(emf, SessionToken.class);
    assertTrue(gone >= 5L * SweepingProcess.BATCH_SIZE, "at least the five batches it reported");
    assertEquals(0, gone % SweepingProcess.BATCH_SIZE, "every batch went whole or not at all: " + gone + " rows");

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(new TestClock(NOW)).build()) {
      SweepReport report;
      do {
        SweepReport sweep = retention.sweep(SessionToken.class.getName());
        assertTrue(sweep.succeeded(), () -> "after the kill: " + sweep);
        report = sweep;
      } while (report.workRemains());
    }
    assertEquals(LIVE, Jpa.count(emf, SessionToken.class), "every expired row gone, every live one kept");
  }

  @Test
  void aDatabaseRestartedMidSweepFailsTheBatchInFlightAndALaterSweepFinishes() throws Exception {
    Assumptions.assumeTrue(kind() == TestDatabase.Kind.POSTGRESQL, "restarted here: PostgreSQL");
    Assumptions.assumeTrue(Boolean.getBoolean("test.faults"),
        "restarts the local PostgreSQL server: run with -Dtest.faults=true (CI does)");
    RecordingListener listener = new RecordingListener();
    List<SweepReport> reports = new ArrayList<>();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(new TestClock(NOW))
        .listener(listener)
        .defaults(RetentionOptions.empty().withBatchSize(50).withMaxBatchesPerSweep(10_000)
            .withBatchDelay(Duration.ofMillis(10)))
        .build()) {
      Thread restart = new Thread(() -> {
        try {
          listener.awaitBatches(5);
          restartPostgres();
        } catch (Exception e) {
          throw new IllegalStateException("could not restart PostgreSQL", e);
        }
      });
      restart.start();
      SweepReport first = retention.sweep(SessionToken.class.getName());
      reports.add(first);
      restart.join(TimeUnit.MINUTES.toMillis(2));
      for (int attempt = 0; attempt < 20 && (reports.get(reports.size() - 1).failure().isPresent()
          || reports.get(reports.size() - 1).workRemains()); attempt++) {
        reports.add(retention.sweep(SessionToken.class.getName()));
      }
    }

    // Hibernate fails the batch whose connection the restart cut. EclipseLink runs a statement whose connection died
    // again on a new one (eclipselink.jdbc.query-retry-attempt-count), so there the sweep may go through the restart;
    // either way no batch goes in part and every live row stays, as checked below.
    if (JpaProvider.onClassPath() == JpaProvider.HIBERNATE) {
      assertTrue(reports.get(0).failure().isPresent(), () -> "the sweep across the restart failed: " + reports.get(0));
    }
    SweepReport last = reports.get(reports.size() - 1);
    assertTrue(last.succeeded() && !last.workRemains(), () -> "a later sweep completed the drain: " + reports);
    assertEquals(LIVE, Jpa.count(emf, SessionToken.class), "every expired row gone, every live one kept");
  }

  private static void restartPostgres() throws Exception {
    String version;
    try (var versions = Files.list(Path.of("/etc/postgresql"))) {
      version = versions.findFirst().orElseThrow().getFileName().toString();
    }
    Process restart = new ProcessBuilder("pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "restart")
        .inheritIO().start();
    assertTrue(restart.waitFor(60, TimeUnit.SECONDS) && restart.exitValue() == 0, "pg_ctlcluster restart");
  }
}
