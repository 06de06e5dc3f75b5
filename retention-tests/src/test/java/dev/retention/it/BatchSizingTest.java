package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Batches sized by {@code batch-target} (no {@code batch-size} set) still delete exactly the expired rows, whatever
 * sizes the runtime picks, with the statements the runtime uses on each database. The sizes depend on how long each
 * batch really took, so the tests check them against the durations the reports give rather than against fixed values.
 */
@ParameterizedClass
@EnumSource(TestDatabase.Kind.class)
class BatchSizingTest {

  private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  private static final String SESSIONS = SessionToken.class.getName();
  /** Longer than any batch here takes, so that every full batch grows the next. */
  private static final Duration GENEROUS = Duration.ofSeconds(10);
  /** Shorter than any batch here takes, so that the first batch shrinks the next. */
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
  void growingBatchesDeleteExactlyTheExpiredRows() {
    Set<Long> kept = persistTable(3_500);

    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withBatchTarget(GENEROUS))) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.succeeded(), () -> report.failure().toString());
      assertEquals(3_500, report.deleted());
      assertFalse(report.workRemains());
    }
    assertEquals(kept, sessionIds());
    assertEquals(500, sizes().get(0));
    for (int i = 1; i < batches.size(); i++) {
      BatchReport before = batches.get(i - 1);
      assertTrue(before.deleted() < before.batchSize() || batches.get(i).batchSize() > before.batchSize(),
          "a full batch faster than 10 s grows the next: " + batches);
    }
    BatchReport last = batches.get(batches.size() - 1);
    assertTrue(last.deleted() < last.batchSize(), "the sweep ended on a short batch: " + batches);
  }

  @Test
  void shrinkingBatchesDeleteExactlyTheExpiredRows() {
    Set<Long> kept = persistTable(1_200);

    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withBatchTarget(TIGHT))) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.succeeded(), () -> report.failure().toString());
      assertEquals(1_200, report.deleted());
      assertFalse(report.workRemains());
    }
    assertEquals(kept, sessionIds());
    assertTrue(batches.get(0).duration().compareTo(TIGHT) > 0, "no batch of 500 rows takes under 1 ms");
    assertTrue(batches.get(1).batchSize() < 500, "the first batch, slower than the target, shrinks the next: "
        + batches);
    batches.forEach(batch -> assertTrue(batch.deleted() <= batch.batchSize(), "no batch above its size: " + batch));
  }

  @Test
  void theNextSweepStartsAtTheSizeTheLastOneReached() {
    Set<Long> kept = persistTable(3_500);

    try (RetentionRuntime retention = runtime(
        RetentionOptions.empty().withBatchTarget(GENEROUS).withMaxBatchesPerSweep(2))) {
      SweepReport first = retention.sweep(SESSIONS);
      SweepReport second = retention.sweep(SESSIONS);

      assertEquals(2, first.batches());
      assertTrue(first.workRemains());
      assertTrue(second.succeeded(), () -> second.failure().toString());
      assertEquals(3_500, first.deleted() + second.deleted());
    }
    assertEquals(kept, sessionIds());
    assertEquals(500, sizes().get(0));
    assertTrue(sizes().get(2) > sizes().get(1), "the second sweep starts above where the first one's last batch"
        + " stood, not at 500 again: " + batches);
  }

  @Test
  void aBatchSizeSetTurnsSizingOff() {
    Set<Long> kept = persistTable(1_000);

    try (RetentionRuntime retention = runtime(
        RetentionOptions.empty().withBatchTarget(GENEROUS).withBatchSize(300))) {
      assertEquals(1_000, retention.sweep(SESSIONS).deleted());
    }
    assertEquals(List.of(300, 300, 300, 300), sizes());
    assertEquals(kept, sessionIds());
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

  private RetentionRuntime runtime(RetentionOptions options) {
    return RetentionRuntime.builder(emf)
        .clock(new TestClock(NOW))
        .zone(ZoneOffset.UTC)
        .defaults(options)
        .listener(new SweepListener() {
          @Override
          public void batchCompleted(BatchReport batch) {
            batches.add(batch);
          }
        })
        .build();
  }

  private List<Integer> sizes() {
    return batches.stream().map(BatchReport::batchSize).toList();
  }

  private List<Integer> deleted() {
    return batches.stream().map(BatchReport::deleted).toList();
  }

  private Set<Long> sessionIds() {
    return Jpa.inTransaction(emf, em -> new TreeSet<>(
        em.createQuery("select s.id from SessionToken s", Long.class).getResultList()));
  }
}
