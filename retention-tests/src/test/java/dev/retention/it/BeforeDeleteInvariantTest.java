package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.hooks.AuditRecord;
import dev.retention.it.hooks.AuditRecordHistory;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RandomCases;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The archive invariant on random cases: random rows around each sweep's cutoff (on it, a millisecond either side,
 * null, far away), random batch sizes and bounds, a hook that archives each batch and sometimes fails. After every
 * sweep the rows gone are exactly the rows in the history table, and every one of them was expired.
 *
 * <p>{@code -Dinvariant.seed=<n>} replays a run; {@code -Dinvariant.hook.cases=<n>} changes how many cases it has
 * ({@link RandomCases}).
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class BeforeDeleteInvariantTest extends DatabaseSuite {

  private static final Instant ORIGIN = Instant.parse("2026-03-01T12:00:00Z");
  private static final Duration WINDOW = Duration.ofHours(1);
  private static final String AUDIT = AuditRecord.class.getName();

  /** The sweep reports' logger: a quarter of the cases fail a batch on purpose, and their reports are checked here. */
  private static final Logger REPORTS = Logger.getLogger("dev.retention");

  private final Map<List<Integer>, RetentionRuntime> runtimes = new HashMap<>();
  private Level reportLevel;
  private final AtomicInteger calls = new AtomicInteger();
  private volatile int failingCall;

  BeforeDeleteInvariantTest(TestDatabase.Kind kind) {
    super(kind, ORIGIN, AuditRecord.class, AuditRecordHistory.class);
  }

  @BeforeEach
  void quietReports() {
    reportLevel = REPORTS.getLevel();
    REPORTS.setLevel(Level.SEVERE);
  }

  @AfterEach
  void closeRuntimes() {
    runtimes.values().forEach(RetentionRuntime::close);
    REPORTS.setLevel(reportLevel);
  }

  /** A runtime for each batch size and bound a case draws, built once: building one per case cost most of the run. */
  private RetentionRuntime runtime(List<Integer> batchSizeAndBound) {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .options(AUDIT, RetentionOptions.empty()
            .withBatchSize(batchSizeAndBound.get(0))
            .withMaxBatchesPerSweep(batchSizeAndBound.get(1)))
        .beforeDelete(AUDIT, BeforeDeleteTest.ARCHIVE)
        .beforeDelete(AUDIT, (em, ids) -> {
          if (calls.incrementAndGet() == failingCall) {
            throw new IllegalStateException("the archive refuses batch " + failingCall);
          }
        })
        .build();
  }

  @Test
  void theRowsGoneAreExactlyTheRowsArchivedAndAllWereExpired() {
    RandomCases.run("hook", database, this::runCase);
  }

  private void runCase(Random random) {
    Jpa.run(emf, em -> {
      em.createQuery("delete from AuditRecord").executeUpdate();
      em.createQuery("delete from AuditRecordHistory").executeUpdate();
    });
    Instant now = ORIGIN.plusMillis(random.nextInt(86_400_000));
    Map<Long, Instant> generated = rows(random, now.minus(WINDOW));
    Jpa.persistAll(emf, generated.entrySet().stream()
        .map(row -> new AuditRecord(row.getKey(), "record " + row.getKey(), row.getValue()))
        .collect(Collectors.toList()));
    Map<Long, Instant> rows = stored();
    failingCall = random.nextInt(4) == 0 ? 1 + random.nextInt(3) : -1;
    calls.set(0);
    RetentionRuntime retention = runtimes.computeIfAbsent(
        List.of(1 + random.nextInt(8), 1 + random.nextInt(4)), this::runtime);
    Map<Long, Instant> left = new HashMap<>(rows);
    for (int sweep = 0; sweep < 1 + random.nextInt(3); sweep++) {
      clock.set(now);
      Instant cutoff = now.minus(WINDOW);
      SweepReport report = retention.sweep(AUDIT);
      Set<Long> present = ids("select a.id from AuditRecord a");
      Set<Long> gone = rows.keySet().stream().filter(id -> !present.contains(id))
          .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(gone, ids("select h.id from AuditRecordHistory h"), "rows gone and rows archived, " + report);
      left.entrySet().removeIf(row -> {
        if (present.contains(row.getKey())) {
          return false;
        }
        assertTrue(row.getValue() != null && !row.getValue().isAfter(cutoff),
            "row " + row + " was deleted but is not expired at " + cutoff);
        return true;
      });
      report.failure().ifPresent(failure -> assertTrue(
          String.valueOf(failure.getCause()).contains("the archive refuses batch " + failingCall),
          () -> "only the hook's own failure is expected: " + failure));
      now = now.plusMillis(random.nextInt(3_600_000));
    }
  }

  /** Up to 30 rows around the cutoff: on it, a millisecond either side, null, far in the past or the future. */
  private static Map<Long, Instant> rows(Random random, Instant cutoff) {
    Map<Long, Instant> rows = new TreeMap<>();
    int count = random.nextInt(31);
    for (long id = 1; id <= count; id++) {
      rows.put(id, RandomCases.dateAround(random, cutoff, Duration.ofHours(1)));
    }
    return rows;
  }

  /**
   * The records with the dates the database holds, which a sweep judges: a column of coarser precision than the
   * generated instants (EclipseLink's TIMESTAMP on MariaDB keeps whole seconds) stores an earlier value.
   */
  private Map<Long, Instant> stored() {
    Map<Long, Instant> stored = new TreeMap<>();
    Jpa.inTransaction(emf, em -> em.createQuery("select a from AuditRecord a", AuditRecord.class).getResultList())
        .forEach(record -> stored.put(record.id(), record.recordedAt()));
    return stored;
  }
}
