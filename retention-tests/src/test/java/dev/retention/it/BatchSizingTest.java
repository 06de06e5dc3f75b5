package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.internal.config.OptionLimits;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.internal.sweep.BatchSizer;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Batches sized by {@code batch-target} (no {@code batch-size} set) still delete exactly the expired rows, whatever
 * sizes the runtime picks, with the statements the runtime uses on each database.
 *
 * <p>Which size a batch gets depends on how long the batches before it took, and a loaded machine changes that: the
 * sizer's decisions are tested with given timings in {@code BatchSizerTest}. Here the tests assert only what no timing
 * can change: the rows deleted and kept, and the bounds every size stays within.
 */
@ParameterizedClass
@EnumSource(TestDatabase.Kind.class)
class BatchSizingTest {

  /** Before-delete hooks that fail their batches on purpose; the runtime warns of each failed sweep. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("failed: .*BeforeDeleteFailedException");

  private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  private static final String SESSIONS = SessionToken.class.getName();
  /** Longer than a batch here takes, on a quiet machine: full batches mostly grow the next. */
  private static final Duration GENEROUS = Duration.ofSeconds(10);
  /** Shorter than a batch here takes, on most machines: batches mostly shrink the next. */
  private static final Duration TIGHT = Duration.ofMillis(1);

  private final TestDatabase.Kind kind;
  private final List<BatchReport> batches = new CopyOnWriteArrayList<>();
  private TestDatabase database;
  private EntityManagerFactory emf;

  BatchSizingTest(TestDatabase.Kind kind) {
    this.kind = kind;
  }

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, List.of(SessionToken.class));
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (database == null) {
      return; // skipped before it was created (-Dtest.databases)
    }
    if (emf != null) {
      emf.close();
    }
    database.close();
  }

  @Test
  void batchesSizedUnderAGenerousTargetDeleteExactlyTheExpiredRows() {
    Set<Long> kept = persistTable(3_500);

    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withBatchTarget(GENEROUS)).build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.succeeded(), () -> report.failure().toString());
      assertEquals(3_500, report.deleted());
      assertFalse(report.workRemains());
    }
    assertEquals(kept, sessionIds());
    assertEquals(500, sizes().get(0), "the first batch takes batch-size");
    assertSizesWithinTheSizersBounds();
    BatchReport last = batches.get(batches.size() - 1);
    assertTrue(last.deleted() < last.batchSize(), "the sweep ended on a short batch: " + batches);
  }

  @Test
  void batchesSizedUnderATightTargetDeleteExactlyTheExpiredRows() {
    Set<Long> kept = persistTable(1_200);

    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withBatchTarget(TIGHT)).build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.succeeded(), () -> report.failure().toString());
      assertEquals(1_200, report.deleted());
      assertFalse(report.workRemains());
    }
    assertEquals(kept, sessionIds());
    assertEquals(500, sizes().get(0), "the first batch takes batch-size");
    assertSizesWithinTheSizersBounds();
  }

  /**
   * A failed batch quarters the size whatever it took, so the size the second sweep starts at is known: the first
   * sweep's 500 rows, quartered, not 500 again.
   */
  @Test
  void theNextSweepStartsAtTheSizeTheLastOneLeft() {
    Set<Long> kept = persistTable(3_500);
    AtomicBoolean failNextBatch = new AtomicBoolean(true);

    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withBatchTarget(GENEROUS))
        .beforeDelete(SESSIONS, (em, rows) -> {
          if (failNextBatch.getAndSet(false)) {
            throw new IllegalStateException("the archive is unavailable");
          }
        })
        .build()) {
      SweepReport first = retention.sweep(SESSIONS);
      assertTrue(first.failure().isPresent(), "the first batch failed: " + first);
      assertEquals(0, first.deleted());
      assertEquals(7_000, sessionIds().size(), "the failed batch kept its rows");

      SweepReport second = retention.sweep(SESSIONS);

      assertTrue(second.succeeded(), () -> second.failure().toString());
      assertEquals(3_500, second.deleted());
    }
    assertEquals(kept, sessionIds());
    assertEquals(125, sizes().get(0), "a quarter of the failed batch's 500: " + batches);
    assertSizesWithinTheSizersBounds();
  }

  /** A batch-size set nearer the pass than batch-target (here: the pass's own against a default) turns sizing off. */
  @Test
  void aBatchSizeSetTurnsSizingOff() {
    Set<Long> kept = persistTable(1_000);

    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withBatchTarget(GENEROUS))
        .options(SESSIONS, RetentionOptions.empty().withBatchSize(300)).build()) {
      assertEquals(1_000, retention.sweep(SESSIONS).deleted());
    }
    assertEquals(List.of(300, 300, 300, 300), sizes());
    assertEquals(kept, sessionIds());
  }

  /**
   * The bounds the sizer keeps whatever the batches took: no batch deletes more than its size; every size is between
   * the sizer's minimum and the largest batch; a full batch at most doubles the next, a short one never grows it, and
   * none shrinks it below a quarter.
   */
  private void assertSizesWithinTheSizersBounds() {
    for (int i = 0; i < batches.size(); i++) {
      BatchReport batch = batches.get(i);
      assertTrue(batch.deleted() <= batch.batchSize(), "no batch above its size: " + batch);
      assertTrue(batch.batchSize() >= BatchSizer.MINIMUM && batch.batchSize() <= OptionLimits.largestBatch(),
          "between the minimum and the largest batch: " + batch);
      if (i > 0) {
        BatchReport before = batches.get(i - 1);
        // A batch of 95% of its size counts as full (the range statement's come back a row short): it may double.
        boolean full = before.deleted() * 100L >= (long) before.batchSize() * BatchSizer.FULL_ENOUGH_PERCENT;
        int most = full ? 2 * before.batchSize() : before.batchSize();
        int least = Math.max(BatchSizer.MINIMUM, before.batchSize() / 4);
        assertTrue(batch.batchSize() <= most && batch.batchSize() >= least,
            "batch " + batch.number() + " between " + least + " and " + most + " rows: " + batches);
      }
    }
  }

  /**
   * {@code expired} sessions expired at or before now, in an order that is not the ids', and as many that are not
   * expired yet or never expire, which the sweep must keep.
   *
   * @return the ids that must be left
   */
  private Set<Long> persistTable(int expired) {
    List<SessionToken> sessions = new ArrayList<>();
    Set<Long> kept = new TreeSet<>();
    for (long id = 1; id <= 2L * expired; id++) {
      long spread = id * 7919 % (2L * expired);
      Instant expiry = id % 2 == 0 ? NOW.minusSeconds(spread) : NOW.plusSeconds(spread + 1);
      if (id % 2 == 1 && id % 10 == 1) {
        expiry = null;
      }
      sessions.add(new SessionToken(id, expiry));
      if (id % 2 == 1) {
        kept.add(id);
      }
    }
    Jpa.persistAll(emf, sessions);
    return kept;
  }

  private RetentionRuntime.Builder runtime(RetentionOptions options) {
    return RetentionRuntime.builder(emf)
        .clock(new TestClock(NOW))
        .zone(ZoneOffset.UTC)
        .defaults(options)
        .listener(new SweepListener() {
          @Override
          public void batchCompleted(BatchReport batch) {
            batches.add(batch);
          }
        });
  }

  private List<Integer> sizes() {
    return batches.stream().map(BatchReport::batchSize).toList();
  }

  private Set<Long> sessionIds() {
    return Jpa.inTransaction(emf, em -> new TreeSet<>(
        em.createQuery("select s.id from SessionToken s", Long.class).getResultList()));
  }
}
