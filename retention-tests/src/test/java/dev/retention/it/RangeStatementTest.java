package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.conditions.BatchJob;
import dev.retention.it.conditions.JobStatus;
import dev.retention.it.conditions.Member;
import dev.retention.it.conditions.MemberDraft;
import dev.retention.it.epoch.ApiKey;
import dev.retention.it.model.SessionToken;
import dev.retention.it.model.SessionTokens;
import dev.retention.it.ordered.AuditLine;
import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.scopes.TenantNotifications;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongPredicate;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.hibernate.resource.jdbc.spi.StatementInspector;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The range statement (an index probe for the expiry of the batch's last row, then one delete of the expired rows
 * before it) keeps exactly the rows the predicate keeps, and each batch within its size: ties at the probed value, NULL
 * dates, conditions on the entity's columns and through a to-one, epoch numbers, rows a foreground transaction holds
 * (the pass then goes on with its other shape), a scope group's rows with rows arriving meanwhile (on PostgreSQL, whose
 * default collation compares the scope exactly). Small batches do not take it, nor scopes the database may take for
 * others; H2 never does, and MariaDB takes the ordered delete instead ({@link OrderedDeleteTest}), or SKIP LOCKED with
 * a condition or a scope: the same cases run there through those shapes, which must keep the same rows and bounds.
 */
@Timeout(300)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class RangeStatementTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-05-01T00:00:00Z");
  static final int BATCH = 2_000;

  RangeStatementTest(TestDatabase.Kind kind) {
    super(kind, NOW, SessionToken.class, BatchJob.class, Member.class, MemberDraft.class, ApiKey.class,
        TenantNotification.class, AuditLine.class);
  }

  @Test
  void tiesAtTheProbedValueAndNullDatesKeepTheBoundAndTheRows() {
    Instant tie = NOW.minus(Duration.ofDays(3));
    List<SessionToken> rows = new ArrayList<>();
    for (long id = 1; id <= 7_000; id++) {
      Instant expiresAt;
      if (id <= 1_000) {
        expiresAt = NOW.minus(Duration.ofDays(5)).plusSeconds(id);
      } else if (id <= 4_500) {
        expiresAt = tie; // across the first batch's end, and a whole batch of ties after it
      } else if (id <= 5_000) {
        expiresAt = NOW; // at the cutoff: expired
      } else if (id <= 6_000) {
        expiresAt = NOW.plusNanos(1_000 * (id - 5_000));
      } else {
        expiresAt = null;
      }
      rows.add(new SessionToken(id, expiresAt));
    }
    dev.retention.it.support.Jpa.persistAll(emf, rows);

    RecordingListener listener = new RecordingListener();
    SweepReport report = sweep(SessionToken.class, listener);

    assertEquals(range(5_001, 7_000), ids("select e.id from SessionToken e"));
    assertEquals(5_000, report.deleted(), report::toString);
    assertBatchesWithinTheirSize(listener);
  }

  @Test
  void aConditionOnTheEntitysColumnsIsAppliedByTheDelete() {
    Instant expired = NOW.minus(Duration.ofDays(30));
    List<BatchJob> jobs = new ArrayList<>();
    for (long id = 1; id <= 6_000; id++) {
      JobStatus status = id % 3 == 0 ? JobStatus.FAILED : JobStatus.FINISHED;
      jobs.add(new BatchJob(id, status, (int) (id % 5), id <= 5_000 ? expired.plusSeconds(id % 700) : NOW));
    }
    dev.retention.it.support.Jpa.persistAll(emf, jobs);

    RecordingListener listener = new RecordingListener();
    sweep(BatchJob.class, listener);

    LongPredicate goes = id -> id <= 5_000 && id % 3 != 0 && id % 5 < 3;
    assertEquals(LongStream.rangeClosed(1, 6_000).filter(goes.negate()).boxed().collect(Collectors.toSet()),
        ids("select e.id from BatchJob e"));
    assertBatchesWithinTheirSize(listener);
  }

  @Test
  void aConditionThroughAToOneIsAppliedByTheDelete() {
    Member active = new Member(1, true);
    Member inactive = new Member(2, false);
    dev.retention.it.support.Jpa.persistAll(emf, List.of(active, inactive));
    List<MemberDraft> drafts = new ArrayList<>();
    for (long id = 1; id <= 5_000; id++) {
      drafts.add(new MemberDraft(id, id % 2 == 0 ? active : inactive,
          id <= 4_500 ? NOW.minus(Duration.ofHours(id % 50)) : NOW.plusSeconds(id)));
    }
    dev.retention.it.support.Jpa.persistAll(emf, drafts);

    RecordingListener listener = new RecordingListener();
    sweep(MemberDraft.class, listener);

    LongPredicate goes = id -> id <= 4_500 && id % 2 == 1;
    assertEquals(LongStream.rangeClosed(1, 5_000).filter(goes.negate()).boxed().collect(Collectors.toSet()),
        ids("select e.id from MemberDraft e"));
    assertBatchesWithinTheirSize(listener);
  }

  @Test
  void epochSecondsWithTiesAndNulls() {
    long now = NOW.getEpochSecond();
    List<ApiKey> keys = new ArrayList<>();
    for (long id = 1; id <= 6_000; id++) {
      Long expiresAt = null;
      if (id <= 4_000) {
        expiresAt = now - 100 - id % 10;
      } else if (id <= 4_100) {
        expiresAt = now;
      } else if (id <= 5_000) {
        expiresAt = now + 1;
      }
      keys.add(new ApiKey(id, expiresAt));
    }
    dev.retention.it.support.Jpa.persistAll(emf, keys);

    RecordingListener listener = new RecordingListener();
    SweepReport report = sweep(ApiKey.class, listener);

    assertEquals(range(4_101, 6_000), ids("select e.id from ApiKey e"));
    assertEquals(4_100, report.deleted());
    assertBatchesWithinTheirSize(listener);
  }

  @Test
  void aRowAForegroundTransactionHoldsIsLeftAndThePassGoesOnWithItsOtherShape() throws SQLException {
    Assumptions.assumeTrue(kind == TestDatabase.Kind.POSTGRESQL, "the range statement's held rows; MariaDB's ordered"
        + " delete meets them in OrderedDeleteTest, and H2 has no SKIP LOCKED");
    List<SessionToken> rows = new ArrayList<>();
    for (long id = 1; id <= 6_000; id++) {
      rows.add(new SessionToken(id, id <= 5_000 ? NOW.minus(Duration.ofDays(1)).plusSeconds(id) : NOW.plusSeconds(id)));
    }
    dev.retention.it.support.Jpa.persistAll(emf, rows);
    try (Connection foreground = database.connect()) {
      foreground.setAutoCommit(false);
      try (PreparedStatement update = foreground.prepareStatement(
          "update session_token set expiresAt = ? where id = ?")) {
        update.setTimestamp(1, Timestamp.from(NOW.minus(Duration.ofDays(1)).plusSeconds(3_000)));
        update.setLong(2, 3_000);
        assertEquals(1, update.executeUpdate());
      }

      RecordingListener listener = new RecordingListener();
      List<String> said = new java.util.concurrent.CopyOnWriteArrayList<>();
      java.util.logging.Logger log = java.util.logging.Logger.getLogger(
          "dev.retention.runtime.internal.shape.hibernate.RangeShapes");
      java.util.logging.Handler capture = new java.util.logging.Handler() {
        @Override
        public void publish(java.util.logging.LogRecord record) {
          said.add(record.getMessage());
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };
      log.addHandler(capture);
      SweepReport report;
      try {
        report = sweep(SessionToken.class, listener);
      } finally {
        log.removeHandler(capture);
      }

      assertTrue(report.succeeded(), () -> "the range statement's lock wait failed the sweep: " + report);
      assertTrue(said.stream().anyMatch(line -> line.contains("the range statement waited")
          && line.contains("from now on")), () -> "the pass did not say it left the range statement: " + said);
      assertEquals(4_999, report.deleted(), report::toString);
      Set<Long> left = range(5_001, 6_000);
      left.add(3_000L);
      assertEquals(left, ids("select e.id from SessionToken e"));
      assertBatchesWithinTheirSize(listener);
      foreground.rollback();
    }
  }

  @Test
  void aBacklogBelowOneBatchWithManyRowsCommittedAfterTheProbeStaysWithinTheBatchSize() throws SQLException {
    Assumptions.assumeTrue(kind != TestDatabase.Kind.H2, "H2 takes no range statement");
    persistTokens(1, 1_500, NOW.minus(Duration.ofDays(1)));
    persistTokens(1_501, 1_600, NOW.plus(Duration.ofDays(1)));
    // 20,000 back-dated rows committed by another connection once the probe found fewer rows than one batch.
    writeBeforeTheFirstDelete(30_001, 50_000, NOW.minus(Duration.ofDays(2)));

    RecordingListener listener = new RecordingListener();
    SweepReport report = sweep(SessionToken.class, listener);

    assertEquals(1, writes.get(), "the rows were written between the probe and the delete");
    assertEquals(range(1_501, 1_600), ids("select e.id from SessionToken e"));
    assertEquals(21_500, report.deleted(), report::toString);
    assertBatchesWithinTheirSize(listener);
  }

  @Test
  void rowsCommittedBetweenTheProbeAndTheDeleteWaitForALaterBatch() throws SQLException {
    Assumptions.assumeTrue(kind != TestDatabase.Kind.H2, "H2 takes no range statement");
    persistTokens(1, 3_000, NOW.minus(Duration.ofDays(1)));
    persistTokens(3_001, 3_100, NOW.plus(Duration.ofDays(1)));
    // 3,000 rows older than any there, committed between the first batch's probe and its delete.
    writeBeforeTheFirstDelete(10_001, 13_000, NOW.minus(Duration.ofDays(3)));

    RecordingListener listener = new RecordingListener();
    SweepReport report = sweep(SessionToken.class, listener);

    assertEquals(1, writes.get(), "the rows were written between the probe and the delete");
    assertEquals(range(3_001, 3_100), ids("select e.id from SessionToken e"));
    assertEquals(6_000, report.deleted(), report::toString);
    assertBatchesWithinTheirSize(listener);
  }

  /**
   * At the defaults batches are sized by time: whatever sizes the runtime picks, 20,000 back-dated rows committed
   * before the first delete leave every batch within its own size, and exactly the expired rows go.
   */
  @Test
  void sizedBatchesAtTheDefaultsStayWithinTheirSizeWhileRowsArriveBeforeTheFirstDelete() throws SQLException {
    persistTokens(1, 3_000, NOW.minus(Duration.ofDays(1)));
    persistTokens(3_001, 3_100, NOW.plus(Duration.ofDays(1)));
    writeBeforeTheFirstDelete(30_001, 50_000, NOW.minus(Duration.ofDays(2)));

    RecordingListener listener = new RecordingListener();
    SweepReport report;
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .defaults(RetentionOptions.empty().withBatchDelay(Duration.ZERO)).build()) {
      assertTrue(retention.settings(SessionToken.class.getName()).batchTarget().isPresent(), "sized by default");
      report = retention.sweep(SessionToken.class.getName());
    }

    assertTrue(report.succeeded(), report::toString);
    assertEquals(1, writes.get(), "the rows were written before the first delete");
    assertEquals(range(3_001, 3_100), ids("select e.id from SessionToken e"));
    assertEquals(23_000, report.deleted(), report::toString);
    assertBatchesWithinTheirSize(listener);
  }

  /** Hibernate calls it with each statement's SQL before it runs: the seam between the probe and the delete. */
  private final AtomicReference<Runnable> beforeDelete = new AtomicReference<>();
  private final AtomicInteger writes = new AtomicInteger();

  @Override
  protected Map<String, ?> properties() {
    StatementInspector inspector = sql -> {
      String statement = sql.toLowerCase(java.util.Locale.ROOT);
      // The range delete, or MariaDB's ordered delete, which opens with its lock wait: "set statement ... for delete".
      if (statement.contains("delete")
          && (statement.contains("session_token") || statement.contains("tenant_notification"))) {
        Runnable write = beforeDelete.getAndSet(null);
        if (write != null) {
          write.run();
        }
      }
      return sql;
    };
    return Map.of("hibernate.session_factory.statement_inspector", inspector);
  }

  /** Tokens {@code first} to {@code last}, a second apart from {@code from}, committed from another connection. */
  private void writeBeforeTheFirstDelete(long first, long last, Instant from) {
    beforeDelete.set(() -> {
      SessionTokens.commitAside(database, first, last, from);
      writes.incrementAndGet();
    });
  }

  /** Notifications {@code first} to {@code last} of {@code tenant}, a second apart from {@code from}, committed. */
  private void insertNotifications(long first, long last, String tenant, Instant from) {
    TenantNotifications.commitAside(database, first, last, tenant, from, Duration.ofSeconds(1));
  }

  private void persistTokens(long first, long last, Instant from) {
    SessionTokens.persist(emf, first, last, from);
  }

  /**
   * A scope group's range on PostgreSQL, whose default collation compares the tenants exactly: 6,000 expired rows of
   * four tenants that share the pass's window go as one group, the probe and the delete naming the four. Between the
   * first probe and its delete another connection commits 3,000 older rows of one of them, 1,000 expired rows of a
   * tenant the sweep's grouped read never saw, and 500 rows of another within their window: the delete that took
   * more than its batch rolls back, every batch stays within its size, the group's expired rows go (those committed
   * meanwhile with them), the new tenant waits for the next sweep, and no row within its window goes.
   */
  @Test
  void aScopeGroupsRangeKeepsEveryBoundWhileRowsArriveBetweenTheProbeAndTheDelete() {
    Assumptions.assumeTrue(kind == TestDatabase.Kind.POSTGRESQL,
        "only PostgreSQL compares the scope exactly, which a scoped pass's range statement needs");
    Instant old = NOW.minus(Duration.ofDays(90));
    List<TenantNotification> rows = new ArrayList<>();
    for (long id = 1; id <= 6_000; id++) {
      rows.add(new TenantNotification(id, "tenant-" + (id % 4), old.plusSeconds(id)));
    }
    dev.retention.it.support.Jpa.persistAll(emf, rows);
    beforeDelete.set(() -> {
      insertNotifications(10_001, 13_000, "tenant-1", NOW.minus(Duration.ofDays(100)));
      insertNotifications(20_001, 21_000, "tenant-new", NOW.minus(Duration.ofDays(100)));
      insertNotifications(30_001, 30_500, "tenant-2", NOW.minus(Duration.ofDays(1)));
      writes.incrementAndGet();
    });

    RecordingListener listener = new RecordingListener();
    String pass = TenantNotification.class.getName();
    try (RetentionRuntime retention = runtime(listener).build()) {
      assertEquals(StatementShape.RANGE_STATEMENT, retention.settings(pass).statementShape());
      SweepReport first = retention.sweep(pass);
      assertTrue(first.succeeded(), first::toString);
      assertEquals(1, writes.get(), "the rows were written between the probe and the delete");
      assertEquals(9_000, first.deleted(), "the group's expired rows, those committed meanwhile included: " + first);
      assertEquals(range(20_001, 21_000), ids("select n.id from TenantNotification n where n.tenantId = 'tenant-new'"),
          "a tenant first written after the grouped read waits for the next sweep");
      assertEquals(range(30_001, 30_500), ids("select n.id from TenantNotification n where n.tenantId <> 'tenant-new'"),
          "the group's expired rows went, and only those");

      SweepReport second = retention.sweep(pass);
      assertTrue(second.succeeded(), second::toString);
      assertEquals(1_000, second.deleted(), second::toString);
    }
    assertEquals(range(30_001, 30_500), ids("select n.id from TenantNotification n"), "every row within its window");
    assertBatchesWithinTheirSize(listener);
  }

  @Test
  void smallBatchesH2AndScopesTheDatabaseMayTakeAsOneTakeAnotherShape() {
    try (RetentionRuntime large = runtime(null).build();
        RetentionRuntime small = RetentionRuntime.builder(emf).clock(clock)
            .defaults(RetentionOptions.empty().withBatchSize(500)).build();
        RetentionRuntime sized = RetentionRuntime.builder(emf).clock(clock).build()) {
      StatementShape expected = switch (kind) {
        case H2 -> StatementShape.PORTABLE_JPQL;
        case POSTGRESQL -> StatementShape.RANGE_STATEMENT;
        case MARIADB -> StatementShape.ORDERED_DELETE;
      };
      assertEquals(expected, large.settings(SessionToken.class.getName()).statementShape());
      // MariaDB's collation may take several spellings of a tenant as one: a batch must see its rows' scopes there.
      assertEquals(kind == TestDatabase.Kind.POSTGRESQL, large.settings(TenantNotification.class.getName())
          .statementShape() == StatementShape.RANGE_STATEMENT, "a scoped pass takes it where its scope compares"
          + " exactly");
      assertNotEquals(StatementShape.RANGE_STATEMENT,
          small.settings(SessionToken.class.getName()).statementShape(), "batches of 500, fixed");
      assertEquals(expected, sized.settings(SessionToken.class.getName()).statementShape(),
          "batches sized by the default batch-target may reach 2,000 rows");
    }
    Assumptions.assumeTrue(kind == TestDatabase.Kind.POSTGRESQL);
    String line = StartLine.of(runtime(null).build());
    assertTrue(line.contains("range statement for batches of 2,000 rows or more ("), line);
  }

  /**
   * On PostgreSQL a table whose date no index leads with is not the range statement's: its probe and its delete would
   * each scan the table at every batch, where the ctid statement scans it once. The start line says so.
   */
  @Test
  void onPostgresATableWhoseDateLeadsNoIndexTakesTheCtidStatementAndTheStartLineSaysWhy() {
    Assumptions.assumeTrue(kind == TestDatabase.Kind.POSTGRESQL, "the range statement's index is read on PostgreSQL");
    try (RetentionRuntime retention = runtime(null).build()) {
      assertEquals(StatementShape.POSTGRESQL_CTID, retention.settings(AuditLine.class.getName()).statementShape());
      String line = StartLine.of(retention);
      assertTrue(line.contains("not range statement: no index of audit_line starts with at, without which its probe"
          + " and its delete would each scan the table"), line);
    }
  }

  /** A runtime whose batches are {@link #BATCH} rows, reporting to {@code listener} unless it is null. */
  private RetentionRuntime.Builder runtime(RecordingListener listener) {
    RetentionRuntime.Builder builder = RetentionRuntime.builder(emf).clock(clock)
        .defaults(RetentionOptions.empty().withBatchSize(BATCH).withBatchDelay(Duration.ZERO));
    return listener == null ? builder : builder.listener(listener);
  }

  private SweepReport sweep(Class<?> entity, RecordingListener listener) {
    try (RetentionRuntime retention = runtime(listener).build()) {
      if (kind == TestDatabase.Kind.POSTGRESQL) {
        assertEquals(StatementShape.RANGE_STATEMENT, retention.settings(entity.getName()).statementShape());
      }
      SweepReport report = retention.sweep(entity.getName());
      assertTrue(report.succeeded(), report::toString);
      return report;
    }
  }

  /** Every batch deleted at most its size; listeners hear of batches on their own thread, so wait for them. */
  private static void assertBatchesWithinTheirSize(RecordingListener listener) {
    try {
      listener.awaitSweeps(1);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
    assertTrue(listener.batches.size() > 1, "several batches: " + listener.batches);
    for (BatchReport batch : listener.batches) {
      assertTrue(batch.deleted() <= batch.batchSize(), batch::toString);
    }
  }

  private static Set<Long> range(long first, long last) {
    return LongStream.rangeClosed(first, last).boxed().collect(Collectors.toCollection(TreeSet::new));
  }
}
