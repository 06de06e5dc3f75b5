package dev.retention.runtime.internal.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import dev.retention.runtime.internal.config.BoundSettings;
import java.util.Map;

/**
 * When each pass sweeps, driven by hand: no threads, no clock, no sleeping. Times are readings of a monotonic source,
 * which may be anywhere in the range of a long: these start 30 seconds before it wraps, so every test crosses the wrap.
 */
class SweepPlanTest {

  private static final long START = Long.MAX_VALUE - Duration.ofSeconds(30).toNanos();
  /** When the reports of these tests say their sweeps ran: the plan never reads it. */
  private static final Instant REPORTED = Instant.parse("2026-03-01T00:00:00Z");

  @Test
  void theFirstSweepOfEachPassComesAfterItsStartupOffset() {
    PassSettings audit = pass("com.acme.AuditLogEntry", Duration.ofHours(1), Duration.ofMinutes(1));
    SweepPlan plan = new SweepPlan(List.of(audit), START);
    long due = START + StartupStagger.offset(audit.pass(), Duration.ofMinutes(1)).toNanos();

    assertEquals(Optional.of(due), plan.nextDue());
    assertEquals(Optional.empty(), plan.takeDue(due - 1));
    assertEquals(Optional.of(audit.pass()), plan.takeDue(due));
  }

  @Test
  void aDrainedPassSweepsAgainOneEffectiveIntervalLater() {
    PassSettings session = pass("S", Duration.ofMinutes(20), Duration.ZERO);
    SweepPlan plan = new SweepPlan(List.of(session), START);
    plan.takeDue(START);

    long next = plan.completed(report("S", false, false), START + seconds(5));

    assertEquals(START + seconds(5) + Duration.ofMinutes(20).toNanos(), next);
  }

  /**
   * Another instance held the pass's lock (or a tenant's): it may have been sweeping another part, or may stop, so the
   * pass is tried again a minute later, not an hour; a pass swept more often than that keeps its interval.
   */
  @Test
  void aSkippedSweepIsTriedAgainAMinuteLaterNotAWholeInterval() {
    SweepPlan plan = new SweepPlan(List.of(pass("H", Duration.ofHours(1), Duration.ZERO),
        pass("Q", Duration.ofSeconds(20), Duration.ZERO)), START);
    plan.takeDue(START);
    plan.takeDue(START);
    SweepReport skipped = SweepReport.builder("H", REPORTED, REPORTED).skipped(true).build();

    long hourly = plan.completed(skipped, START + seconds(5));
    long quick = plan.completed(SweepReport.builder("Q", REPORTED, REPORTED).skipped(true).build(),
        START + seconds(5));

    assertEquals(START + seconds(5) + SweepPlan.SKIPPED_RETRY.toNanos(), hourly);
    assertEquals(Duration.ofMinutes(1), SweepPlan.SKIPPED_RETRY);
    assertEquals(START + seconds(5) + seconds(20), quick);
  }

  @Test
  void aPassThatReachedItsBoundSweepsAgainAtOnceButBehindThePassesAlreadyWaiting() {
    SweepPlan plan = new SweepPlan(List.of(pass("A", Duration.ofHours(1), Duration.ZERO),
        pass("B", Duration.ofHours(1), Duration.ZERO), pass("C", Duration.ofHours(1), Duration.ZERO)), START);
    List<String> order = new ArrayList<>();
    long now = START;

    // A has a huge backlog: every one of its sweeps stops at the bound with work left.
    for (int turn = 0; turn < 6; turn++) {
      String pass = plan.takeDue(now).orElseThrow();
      order.add(pass);
      now += seconds(1);
      plan.completed(report(pass, pass.equals("A"), false), now);
    }

    assertEquals(List.of("A", "B", "C", "A", "A", "A"), order);
    assertEquals(Optional.of(START + seconds(2) + Duration.ofHours(1).toNanos()), nextDueOf(plan, "B", now));
  }

  @Test
  void twoPassesWithBacklogsTakeTurns() {
    SweepPlan plan = new SweepPlan(List.of(pass("A", Duration.ofHours(1), Duration.ZERO),
        pass("B", Duration.ofHours(1), Duration.ZERO)), START);
    List<String> order = new ArrayList<>();
    long now = START;
    for (int turn = 0; turn < 6; turn++) {
      String pass = plan.takeDue(now).orElseThrow();
      order.add(pass);
      now += seconds(1);
      plan.completed(report(pass, true, false), now);
    }

    assertEquals(List.of("A", "B", "A", "B", "A", "B"), order);
  }

  @Test
  void failuresBackOffDoublingPastAShortIntervalWhileOtherPassesKeepTheirTurns() {
    Duration interval = Duration.ofMinutes(1);
    SweepPlan plan = new SweepPlan(List.of(pass("Failing", interval, Duration.ZERO),
        pass("Healthy", interval, Duration.ZERO)), START);
    assertEquals(Optional.of("Failing"), plan.takeDue(START));
    assertEquals(Optional.of("Healthy"), plan.takeDue(START));
    plan.completed(report("Healthy", false, false), START);

    long second = plan.completed(report("Failing", false, true), START);
    assertEquals(START + seconds(10), second);
    assertEquals(Optional.of("Failing"), plan.takeDue(second));
    long third = plan.completed(report("Failing", false, true), second);
    assertEquals(second + seconds(20), third);
    assertEquals(Optional.of("Failing"), plan.takeDue(third));
    long fourth = plan.completed(report("Failing", false, true), third);
    assertEquals(third + seconds(40), fourth);

    // The healthy pass was due at one minute, before the failing one's retry: it goes first.
    assertEquals(Optional.of("Healthy"), plan.takeDue(fourth));
    plan.completed(report("Healthy", false, false), fourth);
    assertEquals(Optional.of("Failing"), plan.takeDue(fourth));
    long fifth = plan.completed(report("Failing", false, true), fourth);
    assertEquals(fourth + seconds(80), fifth, "a failing pass tries less often than its one-minute interval");
  }

  @Test
  void theBackoffStopsGrowingAtTheIntervalOrFiveMinutesWhicheverIsLonger() {
    // A pass swept every second that keeps failing: 10 s, 20 s, ... then every five minutes, not every second.
    assertEquals(List.of(10L, 20L, 40L, 80L, 160L, 300L, 300L),
        java.util.stream.IntStream.rangeClosed(1, 7)
            .mapToObj(failures -> SweepPlan.backoff(failures, Duration.ofSeconds(1)).toSeconds()).toList());
    assertEquals(SweepPlan.LONGEST_BACKOFF, SweepPlan.backoff(100, Duration.ofSeconds(1)));
    // An hourly pass still tries at least hourly.
    assertEquals(Duration.ofSeconds(2_560), SweepPlan.backoff(9, Duration.ofHours(1)));
    assertEquals(Duration.ofHours(1), SweepPlan.backoff(10, Duration.ofHours(1)));
    assertEquals(Duration.ofHours(1), SweepPlan.backoff(1_000, Duration.ofHours(1)));
  }

  @Test
  void aSuccessAfterFailuresResetsTheBackoff() {
    SweepPlan plan = new SweepPlan(List.of(pass("P", Duration.ofHours(1), Duration.ZERO)), START);
    plan.takeDue(START);
    long first = plan.completed(report("P", false, true), START);
    plan.takeDue(first);
    long second = plan.completed(report("P", false, true), first);
    plan.takeDue(second);
    long drained = plan.completed(report("P", false, false), second);
    plan.takeDue(drained);

    long afterReset = plan.completed(report("P", false, true), drained);

    assertEquals(seconds(20), second - first);
    assertEquals(seconds(10), afterReset - drained);
  }

  /**
   * A sweep that deleted nothing while expired rows are left (one row the application holds) was due again at once:
   * 427 sweeps a second. It waits the failure backoff, counted apart from failures, until a sweep deletes rows again.
   */
  @Test
  void aSweepWithoutProgressWaitsTheBackoffApartFromFailuresUntilOneDeletesRows() {
    SweepPlan plan = new SweepPlan(List.of(pass("P", Duration.ofHours(1), Duration.ZERO)), START);
    plan.takeDue(START);

    long first = plan.completed(stalled("P"), START);
    assertEquals(START + seconds(10), first, "not at once, though work remains");
    assertEquals(Optional.empty(), plan.takeDue(first - 1));
    plan.takeDue(first);
    long second = plan.completed(stalled("P"), first);
    assertEquals(first + seconds(20), second, "doubling");
    plan.takeDue(second);
    long afterFailure = plan.completed(report("P", false, true), second);
    assertEquals(second + seconds(10), afterFailure, "a failure counts its own, from the first");
    plan.takeDue(afterFailure);
    long third = plan.completed(stalled("P"), afterFailure);
    assertEquals(afterFailure + seconds(40), third, "no progress still in a row: the failure between is apart");
    plan.takeDue(third);

    long progress = plan.completed(report("P", true, false), third);
    assertEquals(third, progress, "a sweep that deleted rows and stopped at its bound: at once again");
    plan.takeDue(progress);
    long again = plan.completed(stalled("P"), progress);
    assertEquals(progress + seconds(10), again, "progress reset the count");
  }

  private static SweepReport stalled(String pass) {
    return SweepReport.builder(pass, REPORTED, REPORTED).batches(1).workRemains(true)
        .noProgress(SweepReport.NoProgress.HELD_ROWS, "every expired row left is locked by another transaction")
        .build();
  }

  private static Optional<Long> nextDueOf(SweepPlan plan, String pass, long now) {
    long far = now + Duration.ofDays(1).toNanos();
    while (true) {
      Optional<Long> due = plan.nextDue();
      Optional<String> taken = plan.takeDue(far);
      if (taken.isEmpty()) {
        return Optional.empty();
      }
      if (taken.get().equals(pass)) {
        return due;
      }
    }
  }

  private static long seconds(long seconds) {
    return Duration.ofSeconds(seconds).toNanos();
  }

  private static PassSettings pass(String name, Duration interval, Duration stagger) {
    return BoundSettings.builder(name).retention(Duration.ZERO, false).batchTarget(Optional.of(Duration.ofMillis(25)))
        .batchSizeFixed(false).sweepInterval(interval).maxStartupStagger(stagger).build();
  }

  private static SweepReport report(String pass, boolean workRemains, boolean failed) {
    return SweepReport.builder(pass, REPORTED, REPORTED)
        .batches(1)
        .workRemains(workRemains)
        .failure(failed ? new IllegalStateException("database down") : null)
        .build();
  }
}
