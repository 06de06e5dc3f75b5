package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The invariant, checked on random cases: random rows (dates around each cutoff, exactly at it, null, far in the past
 * and the future), a random clock moving forward, random batch options and windows, random statement shapes. After
 * each sweep no row after its cutoff is gone and the rows that went are the oldest; once drained, the rows left are
 * exactly those not expired.
 *
 * <p>{@code -Dinvariant.seed=<n>} replays a run; {@code -Dinvariant.dates.cases=<n>} changes how many cases it has
 * ({@link RandomCases}).
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class InvariantTest extends DatabaseSuite {

  private static final Instant ORIGIN = Instant.parse("2026-03-01T12:00:00Z");
  private static final String SESSIONS = SessionToken.class.getName();

  InvariantTest(TestDatabase.Kind kind) {
    super(kind, ORIGIN, SessionToken.class);
  }

  @Test
  void theRowsLeftAreExactlyThoseNotExpired() {
    RandomCases.run("dates", database, this::runCase);
  }

  private void runCase(Random random) {
    Jpa.run(emf, em -> em.createQuery("delete from SessionToken").executeUpdate());
    Duration window = random.nextInt(3) == 0 ? Duration.ZERO : Duration.ofMinutes(1 + random.nextInt(180));
    List<Instant> sweepTimes = sweepTimes(random);
    Map<Long, Instant> generated = rows(random, sweepTimes, window);
    Jpa.persistAll(emf, generated.entrySet().stream().map(row -> new SessionToken(row.getKey(), row.getValue()))
        .collect(Collectors.toList()));
    // What the database holds is what a sweep judges: a column of coarser precision than the generated instants
    // (EclipseLink's TIMESTAMP on MariaDB keeps whole seconds) stores an earlier value.
    Map<Long, Instant> rows = storedRows();
    RetentionOptions options = RetentionOptions.empty()
        .withBatchSize(1 + random.nextInt(12))
        .withMaxBatchesPerSweep(1 + random.nextInt(4))
        .withMinRetention(Duration.ZERO)
        .withRetention(window);

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
        .portableStatements(random.nextBoolean())
        .options(SESSIONS, options)
        .build()) {
      Map<Long, Instant> left = new HashMap<>(rows);
      Instant cutoff = null;
      for (Instant now : sweepTimes) {
        clock.set(now);
        cutoff = now.minus(window);
        sweepAndCheck(retention, left, cutoff);
      }
      SweepReport last;
      do {
        last = sweepAndCheck(retention, left, cutoff);
      } while (last.workRemains());
      Instant finalCutoff = cutoff;
      Set<Long> notExpired = rows.entrySet().stream()
          .filter(row -> row.getValue() == null || row.getValue().isAfter(finalCutoff))
          .map(Map.Entry::getKey)
          .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(notExpired, ids(), "rows left once drained at cutoff " + finalCutoff + ", rows " + rows);
      assertTrue(last.lag().isEmpty());
    }
  }

  /** One sweep, and what must hold after it: nothing unexpired gone, the oldest gone first, the count right. */
  private SweepReport sweepAndCheck(RetentionRuntime retention, Map<Long, Instant> left, Instant cutoff) {
    SweepReport report = retention.sweep(SESSIONS);
    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    assertEquals(cutoff, report.cutoff());
    Set<Long> now = ids();
    List<Map.Entry<Long, Instant>> gone = left.entrySet().stream()
        .filter(row -> !now.contains(row.getKey()))
        .collect(Collectors.toList());
    for (Map.Entry<Long, Instant> row : gone) {
      assertTrue(row.getValue() != null && !row.getValue().isAfter(cutoff),
          "row " + row + " was deleted but is not expired at " + cutoff);
    }
    assertEquals(gone.size(), report.deleted(), "the report counts the rows that went");
    Comparator<Map.Entry<Long, Instant>> oldestFirst =
        Map.Entry.<Long, Instant>comparingByValue().thenComparing(Map.Entry.comparingByKey());
    gone.stream().max(oldestFirst).ifPresent(newestGone -> left.entrySet().stream()
        .filter(row -> now.contains(row.getKey()) && row.getValue() != null && !row.getValue().isAfter(cutoff))
        .forEach(expiredLeft -> assertTrue(oldestFirst.compare(newestGone, expiredLeft) < 0,
            "row " + newestGone + " went before the older expired row " + expiredLeft)));
    gone.forEach(row -> left.remove(row.getKey()));
    return report;
  }

  /** One to four sweeps, the clock moving forward by up to two hours between them. */
  private static List<Instant> sweepTimes(Random random) {
    List<Instant> times = new ArrayList<>();
    Instant now = ORIGIN.plusMillis(random.nextInt(86_400_000));
    for (int sweep = 0; sweep < 1 + random.nextInt(4); sweep++) {
      times.add(now);
      now = now.plusMillis(random.nextInt(7_200_000));
    }
    return times;
  }

  /** Up to 40 rows whose dates cluster around the sweeps' cutoffs, some exactly on them, some null or far away. */
  private static Map<Long, Instant> rows(Random random, List<Instant> sweepTimes, Duration window) {
    Map<Long, Instant> rows = new TreeMap<>();
    int count = random.nextInt(41);
    for (long id = 1; id <= count; id++) {
      Instant cutoff = sweepTimes.get(random.nextInt(sweepTimes.size())).minus(window);
      rows.put(id, RandomCases.dateAround(random, cutoff, Duration.ofHours(2)));
    }
    return rows;
  }

  private Map<Long, Instant> storedRows() {
    Map<Long, Instant> stored = new TreeMap<>();
    Jpa.inTransaction(emf, em -> em.createQuery("select s from SessionToken s", SessionToken.class).getResultList())
        .forEach(token -> stored.put(token.getId(), token.getExpiresAt()));
    return stored;
  }

  private Set<Long> ids() {
    return ids("select s.id from SessionToken s");
  }
}
