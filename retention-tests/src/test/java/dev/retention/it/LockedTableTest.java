package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every statement a sweep runs carries the batch timeout, so a sweep behind a table lock another connection holds
 * returns, failed, within (batches + 2) × batch-timeout: the batches, the "anything expired left" lookup and the lag.
 * Before, the batch was cancelled at its timeout but the lag query, and a dry run's count, waited as long as the lock
 * was held.
 */
@Timeout(180)
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = {"POSTGRESQL", "MARIADB"})
class LockedTableTest {

  /** A sweep behind a table lock fails on purpose; the runtime warns of each failed sweep. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .expectInEachTest("failed: .*SweepFailedException");

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String SESSIONS = SessionToken.class.getName();
  static final Duration BATCH_TIMEOUT = Duration.ofSeconds(2);
  static final int MAX_BATCHES = 5;
  /** What a sweep may take at most: every batch, the lookup for rows left and the lag, each up to the timeout. */
  static final Duration BOUND = BATCH_TIMEOUT.multipliedBy(MAX_BATCHES + 2);

  @Parameter
  TestDatabase.Kind kind;

  final TestClock clock = new TestClock(NOW);
  final ExecutorService sweeping = Executors.newSingleThreadExecutor();
  TestDatabase database;
  EntityManagerFactory emf;
  Connection foreground;

  @BeforeEach
  void openDatabase() throws SQLException {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, List.of(SessionToken.class));
    List<SessionToken> sessions = new ArrayList<>();
    for (long id = 1; id <= 20; id++) {
      sessions.add(new SessionToken(id, NOW.minus(Duration.ofMinutes(id))));
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
    releaseTheTable();
    foreground.close();
    sweeping.shutdown();
    assertTrue(sweeping.awaitTermination(60, TimeUnit.SECONDS), "the sweep never ended after the lock was released");
    emf.close();
    database.close();
  }

  @ParameterizedTest(name = "dry run: {0}")
  @ValueSource(booleans = {false, true})
  void aSweepBehindATableLockReturnsFailedWithinItsBound(boolean dryRun) throws Exception {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
        .defaults(RetentionOptions.empty().withBatchTimeout(BATCH_TIMEOUT).withMaxBatchesPerSweep(MAX_BATCHES)
            .withBatchSize(5).withDryRun(dryRun))
        .build()) {
      lockTheTable();

      long start = System.nanoTime();
      Future<SweepReport> sweep = sweeping.submit(() -> retention.sweep(SESSIONS));
      SweepReport report;
      try {
        report = sweep.get(BOUND.toSeconds() + 60, TimeUnit.SECONDS);
      } catch (TimeoutException stillWaiting) {
        fail("the sweep was still waiting on the table lock a minute after its bound of " + BOUND);
        return;
      }
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);

      assertTrue(report.failure().isPresent(), () -> "a sweep behind a table lock fails: " + report);
      assertTrue(elapsed.compareTo(BOUND) < 0, () -> "took " + elapsed + ", above its bound of " + BOUND);
      assertEquals(0, report.deleted());
      releaseTheTable();
      assertEquals(20, Jpa.count(emf, SessionToken.class));
    }
  }

  private void lockTheTable() throws SQLException {
    try (Statement statement = foreground.createStatement()) {
      statement.execute(kind == TestDatabase.Kind.POSTGRESQL
          ? "lock table session_token in access exclusive mode"
          : "lock tables session_token write");
    }
  }

  private void releaseTheTable() throws SQLException {
    if (kind == TestDatabase.Kind.MARIADB) {
      try (Statement statement = foreground.createStatement()) {
        statement.execute("unlock tables");
      }
    }
    foreground.rollback();
  }
}
