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

/** When each pass sweeps, driven by hand: no threads, no clock, no sleeping. */
class SweepPlanTest {

  private static final Instant START = Instant.parse("2026-03-01T00:00:00Z");

  @Test
  void theFirstSweepOfEachPassComesAfterItsStartupOffset() {
    PassSettings audit = pass("com.acme.AuditLogEntry", Duration.ofHours(1), Duration.ofMinutes(1));
    SweepPlan plan = new SweepPlan(List.of(audit), START);
    Instant due = START.plus(StartupStagger.offset(audit.pass(), Duration.ofMinutes(1)));

    assertEquals(Optional.of(due), plan.nextDue());
    assertEquals(Optional.empty(), plan.takeDue(due.minusMillis(1)));
    assertEquals(Optional.of(audit.pass()), plan.takeDue(due));
  }

  @Test
  void aDrainedPassSweepsAgainOneEffectiveIntervalLater() {
    PassSettings session = pass("S", Duration.ofMinutes(20), Duration.ZERO);
    SweepPlan plan = new SweepPlan(List.of(session), START);
    plan.takeDue(START);

    Instant next = plan.completed(report("S", false, false), START.plusSeconds(5));

    assertEquals(START.plusSeconds(5).plus(Duration.ofMinutes(20)), next);
  }

  @Test
  void aPassThatReachedItsBoundSweepsAgainAtOnceButBehindThePassesAlreadyWaiting() {
    SweepPlan plan = new SweepPlan(List.of(pass("A", Duration.ofHours(1), Duration.ZERO),
        pass("B", Duration.ofHours(1), Duration.ZERO), pass("C", Duration.ofHours(1), Duration.ZERO)), START);
    List<String> order = new ArrayList<>();
    Instant now = START;

    // A has a huge backlog: every one of its sweeps stops at the bound with work left.
    for (int turn = 0; turn < 6; turn++) {
      String pass = plan.takeDue(now).orElseThrow();
      order.add(pass);
      now = now.plusSeconds(1);
      plan.completed(report(pass, pass.equals("A"), false), now);
    }

    assertEquals(List.of("A", "B", "C", "A", "A", "A"), order);
    assertEquals(Optional.of(START.plusSeconds(2).plus(Duration.ofHours(1))), nextDueOf(plan, "B", now));
  }

  @Test
  void twoPassesWithBacklogsTakeTurns() {
    SweepPlan plan = new SweepPlan(List.of(pass("A", Duration.ofHours(1), Duration.ZERO),
        pass("B", Duration.ofHours(1), Duration.ZERO)), START);
    List<String> order = new ArrayList<>();
    Instant now = START;
    for (int turn = 0; turn < 6; turn++) {
      String pass = plan.takeDue(now).orElseThrow();
      order.add(pass);
      now = now.plusSeconds(1);
      plan.completed(report(pass, true, false), now);
    }

    assertEquals(List.of("A", "B", "A", "B", "A", "B"), order);
  }

  @Test
  void failuresBackOffDoublingUpToTheIntervalWhileOtherPassesKeepTheirTurns() {
    Duration interval = Duration.ofMinutes(1);
    SweepPlan plan = new SweepPlan(List.of(pass("Failing", interval, Duration.ZERO),
        pass("Healthy", interval, Duration.ZERO)), START);
    assertEquals(Optional.of("Failing"), plan.takeDue(START));
    assertEquals(Optional.of("Healthy"), plan.takeDue(START));
    plan.completed(report("Healthy", false, false), START);

    Instant second = plan.completed(report("Failing", false, true), START);
    assertEquals(START.plusSeconds(10), second);
    assertEquals(Optional.of("Failing"), plan.takeDue(second));
    Instant third = plan.completed(report("Failing", false, true), second);
    assertEquals(second.plusSeconds(20), third);
    assertEquals(Optional.of("Failing"), plan.takeDue(third));
    Instant fourth = plan.completed(report("Failing", false, true), third);
    assertEquals(third.plusSeconds(40), fourth);

    // The healthy pass was due at one minute, before the failing one's retry: it goes first.
    assertEquals(Optional.of("Healthy"), plan.takeDue(fourth));
    plan.completed(report("Healthy", false, false), fourth);
    assertEquals(Optional.of("Failing"), plan.takeDue(fourth));
    Instant fifth = plan.completed(report("Failing", false, true), fourth);
    assertEquals(fourth.plus(interval), fifth, "80 seconds would exceed the interval: capped at it");
  }

  @Test
  void aSuccessAfterFailuresResetsTheBackoff() {
    SweepPlan plan = new SweepPlan(List.of(pass("P", Duration.ofHours(1), Duration.ZERO)), START);
    plan.takeDue(START);
    Instant first = plan.completed(report("P", false, true), START);
    plan.takeDue(first);
    Instant second = plan.completed(report("P", false, true), first);
    plan.takeDue(second);
    Instant drained = plan.completed(report("P", false, false), second);
    plan.takeDue(drained);

    Instant afterReset = plan.completed(report("P", false, true), drained);

    assertEquals(Duration.ofSeconds(20), Duration.between(first, second));
    assertEquals(Duration.ofSeconds(10), Duration.between(drained, afterReset));
  }

  private static Optional<Instant> nextDueOf(SweepPlan plan, String pass, Instant now) {
    Instant far = now.plus(Duration.ofDays(1));
    while (true) {
      Optional<Instant> due = plan.nextDue();
      Optional<String> taken = plan.takeDue(far);
      if (taken.isEmpty()) {
        return Optional.empty();
      }
      if (taken.get().equals(pass)) {
        return due;
      }
    }
  }

  private static PassSettings pass(String name, Duration interval, Duration stagger) {
    return new PassSettings(name, true, Duration.ZERO, false, 500, Duration.ZERO, interval, stagger, 100, false,
        Duration.ofSeconds(30), Duration.ofMillis(25), false);
  }

  private static SweepReport report(String pass, boolean workRemains, boolean failed) {
    return SweepReport.builder(pass, START, START)
        .batches(1)
        .workRemains(workRemains)
        .failure(failed ? new IllegalStateException("database down") : null)
        .build();
  }
}
