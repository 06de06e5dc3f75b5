package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.Jta;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.TransactionRunner;
import io.agroal.api.AgroalDataSource;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.transaction.Status;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A JTA persistence unit (Narayana, an enlisting pool, Hibernate's JTA platform): each batch is a transaction of its
 * own whatever transaction the caller holds, so rolling the caller's transaction back never brings swept rows back,
 * and a report never counts rows that were rolled back.
 */
abstract class JtaTransactionsTest {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String SESSIONS = SessionToken.class.getName();

  final TestClock clock = new TestClock(NOW);
  final TransactionManager transactionManager = Jta.transactionManager();
  TestDatabase database;
  AgroalDataSource dataSource;
  EntityManagerFactory emf;

  abstract TestDatabase.Kind kind();

  @BeforeEach
  void openDatabase() throws Exception {
    database = TestDatabase.create(kind());
    dataSource = Jta.dataSource(database);
    emf = Jta.factory(dataSource, List.of(SessionToken.class));
    Jta.inTransaction(emf, em -> {
      em.persist(new SessionToken(1, NOW.minus(Duration.ofDays(2))));
      em.persist(new SessionToken(2, NOW.minus(Duration.ofHours(1))));
      em.persist(new SessionToken(3, NOW));
      em.persist(new SessionToken(4, NOW.plusSeconds(1)));
      em.persist(new SessionToken(5, NOW.plus(Duration.ofDays(1))));
    });
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (database == null) {
      return; // skipped before it was created (-Dtest.databases)
    }
    if (transactionManager.getStatus() != Status.STATUS_NO_TRANSACTION) {
      transactionManager.rollback();
    }
    if (emf != null) {
      emf.close();
    }
    if (dataSource != null) {
      dataSource.close();
    }
    database.close();
  }

  RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC);
  }

  @Test
  void aSweepInsideTheCallersTransactionStaysDoneWhenTheCallerRollsBack() throws Exception {
    try (RetentionRuntime retention = runtime().build()) {
      transactionManager.begin();
      SweepReport report = retention.sweep(SESSIONS);
      assertEquals(Status.STATUS_ACTIVE, transactionManager.getStatus(), "the caller's transaction is back");
      transactionManager.rollback();

      assertTrue(report.succeeded(), report::toString);
      assertEquals(3, report.deleted());
      assertEquals(List.of(4L, 5L), remainingIds(), "the batches committed on their own");
    }
  }

  @Test
  void backgroundSweepsStartedInsideATransactionNeverJoinIt() throws Exception {
    CompletableFuture<Integer> statusWhileSweeping = new CompletableFuture<>();
    CompletableFuture<SweepReport> first = new CompletableFuture<>();
    try (RetentionRuntime retention = runtime()
        .configuration(Map.of("retention.defaults.max-startup-stagger", "0s"))
        .listener(new SweepListener() {
          @Override
          public void sweepStarted(String pass, Instant cutoff, boolean dryRun) {
            statusWhileSweeping.complete(status());
          }

          @Override
          public void sweepFinished(SweepReport report) {
            first.complete(report);
          }
        })
        .build()) {
      transactionManager.begin();
      retention.start();
      SweepReport report = first.get(30, TimeUnit.SECONDS);
      transactionManager.rollback();

      assertEquals(Status.STATUS_NO_TRANSACTION, statusWhileSweeping.get(), "the sweeper's thread holds none");
      assertTrue(report.succeeded(), report::toString);
      assertEquals(3, report.deleted());
      assertEquals(List.of(4L, 5L), remainingIds());
    }
  }

  @Test
  void withOnlyAUserTransactionASweepInsideATransactionIsRefusedAndOneOutsideRuns() throws Exception {
    try (RetentionRuntime retention = runtime().userTransaction(Jta.userTransaction()).build()) {
      transactionManager.begin();
      IllegalStateException refused = assertThrows(IllegalStateException.class, retention::sweepAll);
      transactionManager.rollback();

      assertTrue(refused.getMessage().contains("only a UserTransaction"), refused::getMessage);
      assertTrue(refused.getMessage().contains("RetentionRuntime.Builder.transactionManager(...)"),
          refused::getMessage);
      assertEquals(List.of(1L, 2L, 3L, 4L, 5L), remainingIds());

      SweepReport outside = retention.sweep(SESSIONS);
      assertTrue(outside.succeeded(), outside::toString);
      assertEquals(3, outside.deleted());
      assertEquals(List.of(4L, 5L), remainingIds());
    }
  }

  @Test
  void aJtaUnitWhoseTransactionManagerCannotBeFoundStartsWithAWarningAndSweepsNothing() throws Exception {
    try (EntityManagerFactory withoutPlatform =
        Jta.factoryWithoutPlatform(dataSource, kind(), List.of(SessionToken.class))) {
      LogRecord start = StartLine.record(RetentionRuntime.builder(withoutPlatform).clock(clock).build());

      // What a Jakarta EE server with EclipseLink gives without transactions(...): no row could ever go, so the start
      // line is a warning, and it names the builder's methods that fix it.
      assertEquals(Level.WARNING, start.getLevel(), start::getMessage);
      assertTrue(start.getMessage().contains("batches in none: The EntityManagerFactory is JTA-managed"),
          start::getMessage);
      assertTrue(start.getMessage().contains("transactions(TransactionRunner)"), start::getMessage);
      try (RetentionRuntime retention = RetentionRuntime.builder(withoutPlatform).clock(clock).build()) {
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> retention.sweep(SESSIONS));
        assertTrue(refused.getMessage().contains("cannot find its TransactionManager"), refused::getMessage);
      }
      assertEquals(List.of(1L, 2L, 3L, 4L, 5L), remainingIds());
    }
  }

  @Test
  void theStartLineOfAJtaUnitWithATransactionManagerIsInfo() {
    LogRecord start = StartLine.record(runtime().build());

    assertEquals(Level.INFO, start.getLevel(), start::getMessage);
    assertTrue(start.getMessage().contains("batches in JTA transactions of their own"), start::getMessage);
  }

  @Test
  void anApplicationsTransactionRunnerGivesEachBatchItsOwnTransaction() throws Exception {
    try (RetentionRuntime retention = runtime().transactions(this::requiresNew).build()) {
      transactionManager.begin();
      SweepReport report = retention.sweep(SESSIONS);
      transactionManager.rollback();

      assertTrue(report.succeeded(), report::toString);
      assertEquals(3, report.deleted());
      assertEquals(List.of(4L, 5L), remainingIds());
    }
  }

  @Test
  void aBatchWhoseTransactionRolledBackCountsNoRow() throws Exception {
    TransactionRunner rollsBack = batch -> requiresNew(() -> {
      batch.run();
      setRollbackOnly();
    });
    try (RetentionRuntime retention = runtime().transactions(rollsBack).build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertFalse(report.succeeded(), report::toString);
      assertEquals(0, report.deleted(), "a rolled-back batch deleted nothing");
      assertEquals(0, report.batches());
      assertEquals(List.of(1L, 2L, 3L, 4L, 5L), remainingIds());
    }
  }

  /** A container's REQUIRES_NEW: the caller's transaction suspended, a new one committed, the caller's resumed. */
  private void requiresNew(Runnable work) throws Exception {
    Transaction caller = transactionManager.suspend();
    try {
      transactionManager.begin();
      try {
        work.run();
      } catch (RuntimeException | Error e) {
        transactionManager.rollback();
        throw e;
      }
      transactionManager.commit();
    } finally {
      if (caller != null) {
        transactionManager.resume(caller);
      }
    }
  }

  private void setRollbackOnly() {
    try {
      transactionManager.setRollbackOnly();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private int status() {
    try {
      return transactionManager.getStatus();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  List<Long> remainingIds() {
    try (EntityManager em = emf.createEntityManager()) {
      return em.createQuery("select s.id from SessionToken s order by s.id", Long.class).getResultList();
    }
  }
}
