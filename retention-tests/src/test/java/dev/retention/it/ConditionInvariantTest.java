package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.conditions.BatchJob;
import dev.retention.it.conditions.JobStatus;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.ExpectedWarnings;
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
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The invariant with a condition, on random cases: jobs of every status (null too) and attempt count, dates around
 * the cutoff, random windows, batch options and statement shapes, sometimes a before-delete hook. No row that fails the
 * condition ({@code status = FINISHED and attempts < 3}) or is not expired is ever deleted; once drained, the rows
 * left are exactly those.
 *
 * <p>{@code -Dinvariant.seed=<n>} replays a run; {@code -Dinvariant.condition.cases=<n>} changes how many cases it
 * has ({@link RandomCases}).
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class ConditionInvariantTest extends DatabaseSuite {

  /** Each case shortens the compiled window on purpose (min-retention 0), which the runtime warns of. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .expectInEachTest("Retention window of .* shortened to ");

  private static final Instant ORIGIN = Instant.parse("2026-03-01T12:00:00Z");
  private static final String JOBS = BatchJob.class.getName();

  ConditionInvariantTest(TestDatabase.Kind kind) {
    super(kind, ORIGIN, BatchJob.class);
  }

  /** One generated job: what the test knows of it, independently of the runtime. */
  private record Job(JobStatus status, int attempts, Instant finishedAt) {
    boolean expiredAt(Instant cutoff) {
      return status == JobStatus.FINISHED && attempts < 3 && finishedAt != null && !finishedAt.isAfter(cutoff);
    }
  }

  @Test
  void noRowOutsideTheConditionOrTheWindowIsEverDeleted() {
    RandomCases.run("condition", database, this::runCase);
  }

  private void runCase(Random random) {
    Jpa.run(emf, em -> em.createQuery("delete from BatchJob").executeUpdate());
    Duration window = random.nextInt(3) == 0 ? Duration.ZERO : Duration.ofMinutes(1 + random.nextInt(20_000));
    Instant now = ORIGIN.plusMillis(random.nextInt(86_400_000));
    Map<Long, Job> generated = rows(random, now.minus(window));
    Jpa.persistAll(emf, generated.entrySet().stream()
        .map(row -> new BatchJob(row.getKey(), row.getValue().status(), row.getValue().attempts(),
            row.getValue().finishedAt()))
        .collect(Collectors.toList()));
    Map<Long, Job> rows = stored(generated);
    RetentionRuntime.Builder builder = RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .portableStatements(random.nextBoolean())
        .options(JOBS, RetentionOptions.empty()
            .withBatchSize(1 + random.nextInt(12))
            .withMaxBatchesPerSweep(1 + random.nextInt(4))
            .withMinRetention(Duration.ZERO)
            .withRetention(window));
    if (random.nextInt(4) == 0) {
      builder.beforeDelete(JOBS, (em, ids) -> { });
    }
    try (RetentionRuntime retention = builder.build()) {
      Map<Long, Job> left = new HashMap<>(rows);
      Instant cutoff = null;
      SweepReport last = null;
      for (int sweep = 0; sweep < 1 + random.nextInt(3) || last.workRemains(); sweep++) {
        clock.set(now);
        cutoff = now.minus(window);
        last = retention.sweep(JOBS);
        SweepReport report = last;
        assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
        Set<Long> present = ids();
        Instant sweepCutoff = cutoff;
        left.entrySet().removeIf(row -> {
          if (present.contains(row.getKey())) {
            return false;
          }
          assertTrue(row.getValue().expiredAt(sweepCutoff),
              "row " + row + " was deleted but fails the condition or is not expired at " + sweepCutoff);
          return true;
        });
        now = now.plusMillis(random.nextInt(3_600_000));
      }
      Instant finalCutoff = cutoff;
      Set<Long> kept = rows.entrySet().stream()
          .filter(row -> !row.getValue().expiredAt(finalCutoff))
          .map(Map.Entry::getKey)
          .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(kept, ids(), "rows left once drained at cutoff " + finalCutoff + ", rows " + rows);
    }
  }

  /** Up to 40 jobs: any status or none, zero to four attempts, dates around the cutoff ({@link RandomCases}). */
  private static Map<Long, Job> rows(Random random, Instant cutoff) {
    JobStatus[] statuses = {JobStatus.FINISHED, JobStatus.FINISHED, JobStatus.RUNNING, JobStatus.FAILED, null};
    Map<Long, Job> rows = new TreeMap<>();
    int count = random.nextInt(41);
    for (long id = 1; id <= count; id++) {
      Instant finishedAt = RandomCases.dateAround(random, cutoff, Duration.ofHours(2));
      rows.put(id, new Job(statuses[random.nextInt(statuses.length)], random.nextInt(5), finishedAt));
    }
    return rows;
  }

  /**
   * The jobs with the dates the database holds, which a sweep judges: a column of coarser precision than the generated
   * instants (EclipseLink's TIMESTAMP on MariaDB keeps whole seconds) stores an earlier value.
   */
  private Map<Long, Job> stored(Map<Long, Job> generated) {
    Map<Long, Job> stored = new TreeMap<>();
    Jpa.inTransaction(emf, em -> em.createQuery("select j.id, j.finishedAt from BatchJob j", Object[].class)
            .getResultList())
        .forEach(row -> {
          Job job = generated.get((Long) row[0]);
          stored.put((Long) row[0], new Job(job.status(), job.attempts(), (Instant) row[1]));
        });
    return stored;
  }

  private Set<Long> ids() {
    return ids("select j.id from BatchJob j");
  }
}
