package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.AuditEntry;
import dev.retention.it.model.SessionToken;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionPass;
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
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** What a sweep deletes and keeps, in how many batches, on a real database with generated passes. */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class SweepBehaviourTest {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String SESSIONS = SessionToken.class.getName();
  static final String AUDIT = AuditEntry.class.getName();

  final TestClock clock = new TestClock(NOW);
  final List<BatchReport> batches = new CopyOnWriteArrayList<>();
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
    emf = Jpa.factory(database, List.of(SessionToken.class, AuditEntry.class));
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

  RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf)
        .clock(clock)
        .zone(ZoneOffset.UTC)
        .listener(new SweepListener() {
          @Override
          public void batchCompleted(BatchReport batch) {
            batches.add(batch);
          }
        });
  }

  @Test
  void deletesRowsExpiredAtOrBeforeNowAndKeepsTheRest() {
    Jpa.persistAll(emf, List.of(
        new SessionToken(1, NOW.minus(Duration.ofDays(400))),
        new SessionToken(2, NOW.minusSeconds(1)),
        new SessionToken(3, NOW),
        new SessionToken(4, NOW.plusSeconds(1)),
        new SessionToken(5, NOW.plus(Duration.ofDays(30))),
        new SessionToken(6, null)));

    try (RetentionRuntime retention = runtime().build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertEquals(3, report.deleted());
      assertEquals(NOW, report.cutoff());
      assertFalse(report.workRemains());
      assertTrue(report.succeeded(), () -> report.failure().toString());
    }
    assertEquals(Set.of(4L, 5L, 6L), sessionIds());
  }

  @Test
  void appliesTheWindowAfterTheAttribute() {
    Duration window = Duration.ofSeconds(AuditEntry.WINDOW_SECONDS);
    Jpa.persistAll(emf, List.of(
        new AuditEntry(1, NOW.minus(window).minusSeconds(1)),
        new AuditEntry(2, NOW.minus(window)),
        new AuditEntry(3, NOW.minus(window).plusSeconds(1)),
        new AuditEntry(4, NOW),
        new AuditEntry(5, null)));

    try (RetentionRuntime retention = runtime().build()) {
      SweepReport report = retention.sweep(AUDIT);

      assertEquals(NOW.minus(window), report.cutoff());
      assertEquals(2, report.deleted());
    }
    assertEquals(Set.of(3L, 4L, 5L), Jpa.inTransaction(emf, em -> new TreeSet<>(
        em.createQuery("select a.id from AuditEntry a", Long.class).getResultList())));
  }

  @Test
  void drainsABacklogLargerThanOneBatchWithNoBatchAboveTheBatchSize() {
    persistExpiredSessions(1_050);
    Jpa.persistAll(emf, List.of(new SessionToken(5_000, NOW.plusSeconds(60))));

    try (RetentionRuntime retention = runtime()
        .options(SESSIONS, RetentionOptions.empty().withBatchSize(100))
        .build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertEquals(1_050, report.deleted());
      assertEquals(11, report.batches());
      assertFalse(report.workRemains());
      assertEquals(report.lag(), java.util.Optional.empty());
    }
    List<Integer> sizes = batches.stream().map(BatchReport::deleted).collect(Collectors.toList());
    assertEquals(List.of(100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 50), sizes);
    assertEquals(Set.of(5_000L), sessionIds());
  }

  @Test
  void oneBatchDeletesExactlyTheBatchSizeAndNoMore() {
    persistExpiredSessions(250);
    try (RetentionRuntime retention = runtime()
        .options(SESSIONS, RetentionOptions.empty().withBatchSize(40).withMaxBatchesPerSweep(1)).build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertEquals(1, report.batches());
      assertEquals(40, report.deleted());
      assertTrue(report.workRemains());
    }
    assertEquals(210, Jpa.count(emf, SessionToken.class));
  }

  @Test
  void stopsAtMaxBatchesPerSweepReportingWorkRemainsAndDeletesOldestFirst() {
    persistExpiredSessions(1_050);

    try (RetentionRuntime retention = runtime()
        .options(SESSIONS, RetentionOptions.empty().withBatchSize(100).withMaxBatchesPerSweep(3))
        .build()) {
      SweepReport first = retention.sweep(SESSIONS);

      assertEquals(300, first.deleted());
      assertEquals(3, first.batches());
      assertTrue(first.workRemains());
      assertEquals(750, Jpa.count(emf, SessionToken.class));
      // The 300 oldest went: ids 1..300 expire earliest. The oldest left, id 301, has been expired the longest.
      assertEquals(LongStream.rangeClosed(301, 1_050).boxed().collect(Collectors.toSet()), sessionIds());
      assertEquals(java.util.Optional.of(Duration.between(expiryOf(301), NOW)), first.lag());

      SweepReport second = retention.sweep(SESSIONS);
      assertEquals(300, second.deleted());
      assertEquals(450, Jpa.count(emf, SessionToken.class));
    }
  }

  @Test
  void aSweepThatFindsNothingReportsNoBatchOfRowsAndNoLag() {
    Jpa.persistAll(emf, List.of(new SessionToken(1, NOW.plusSeconds(1))));

    try (RetentionRuntime retention = runtime().build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertEquals(0, report.deleted());
      assertEquals(0, report.batches(), "it looked for an expired row first, whatever its statement, and ran no batch");
      assertFalse(report.workRemains());
      assertTrue(report.lag().isEmpty());
      assertEquals(java.util.Optional.empty(), report.noProgress(), "nothing to do is no stall");
    }
    assertEquals(1, Jpa.count(emf, SessionToken.class));
  }

  /** Sessions 1..count, expired, session n expiring before session n + 1. */
  void persistExpiredSessions(int count) {
    List<SessionToken> sessions = new ArrayList<>();
    for (long id = 1; id <= count; id++) {
      sessions.add(new SessionToken(id, expiryOf(id)));
    }
    Jpa.persistAll(emf, sessions);
  }

  static Instant expiryOf(long id) {
    return NOW.minus(Duration.ofDays(30)).plusSeconds(id * 60);
  }

  Set<Long> sessionIds() {
    return Jpa.inTransaction(emf, em -> new TreeSet<>(
        em.createQuery("select s.id from SessionToken s", Long.class).getResultList()));
  }
}
