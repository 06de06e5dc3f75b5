package dev.retention.runtime.internal.pacing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.SweepThrottle;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The operator's controls: the throttle asked at most every half second, replaced at run time, holding when it fails;
 * the rows-a-second ceiling, changed at run time; pacing waits for both within the hold budget. Time is a fake the
 * waits move on.
 */
class ThrottleAndRateTest {

  private static final long MS = 1_000_000;

  /** A monotonic source that a pause moves on at once. */
  private static final class FakeTime implements PacingTime {
    long now;
    long paused;

    @Override
    public long nanoTime() {
      return now;
    }

    @Override
    public boolean pause(Duration delay) {
      now += delay.toNanos();
      paused += delay.toNanos();
      return true;
    }
  }

  @Test
  void theThrottleIsAskedAtMostEveryHalfSecondAndItsAnswerKeptInBetween() {
    AtomicInteger asked = new AtomicInteger();
    ThrottleCheck check = new ThrottleCheck("p", new AtomicReference<>(pass -> {
      asked.incrementAndGet();
      return Optional.empty();
    }));

    for (long now = 0; now < 2_000 * MS; now += 10 * MS) {
      assertFalse(check.check(now).holds());
    }

    assertEquals(4, asked.get());
  }

  @Test
  void aThrottleReplacedAtRunTimeIsAskedAtTheNextBatch() {
    AtomicReference<SweepThrottle> throttle = new AtomicReference<>(SweepThrottle.NEVER_HOLDS);
    ThrottleCheck check = new ThrottleCheck("p", throttle);
    assertFalse(check.check(0).holds());

    throttle.set(pass -> Optional.of("paused by the operator"));

    Hold hold = check.check(MS);
    assertTrue(hold.holds());
    assertEquals(Optional.of("throttle: paused by the operator"), hold.reason());
  }

  @Test
  void aThrottleThatThrowsHoldsWithItsFailureAsTheReason() {
    ThrottleCheck check = new ThrottleCheck("p", new AtomicReference<>(pass -> {
      throw new IllegalStateException("load probe down");
    }));

    Hold hold = check.check(0);

    assertTrue(hold.holds());
    assertTrue(hold.reason().orElseThrow().contains("load probe down"));
  }

  @Test
  void theRateLimitLetsTheNextBatchStartOnceTheLastOnesRowsFitUnderIt() {
    RateLimit rate = new RateLimit(1_000);
    rate.deleted(500, 0);
    assertEquals(500 * MS, rate.waitNanos(0));
    assertEquals(400 * MS, rate.waitNanos(100 * MS), "the batch's own time counts towards the rate");
    rate.deleted(250, 600 * MS);
    assertEquals(250 * MS, rate.waitNanos(600 * MS));
  }

  @Test
  void theRateLimitChangedAtRunTimeCountsFromTheNextBatchAndZeroLiftsIt() {
    RateLimit rate = new RateLimit(100);
    rate.deleted(100, 0);
    assertEquals(1_000 * MS, rate.waitNanos(0));
    rate.set(0);
    assertEquals(0, rate.waitNanos(0));
    rate.set(1_000);
    rate.deleted(100, 0);
    assertEquals(100 * MS, rate.waitNanos(0));
  }

  @Test
  void pacingWaitsForTheRateWithoutCountingItAsHeld() {
    FakeTime time = new FakeTime();
    Pacing pacing = new Pacing("p", Optional.empty(), new AtomicReference<>(SweepThrottle.NEVER_HOLDS),
        new RateLimit(100), time, Optional.empty());
    pacing.afterBatch(50, 0);

    Pacing.Start start = pacing.beforeBatch(Duration.ofMinutes(1), Long.MAX_VALUE);

    assertTrue(start.mayStart());
    assertEquals(Duration.ZERO, start.paced().held());
    assertEquals(500 * MS, time.paused);
  }

  @Test
  void aRateWaitPastTheDeadlineEndsTheSweepInsteadOfWaiting() {
    FakeTime time = new FakeTime();
    Pacing pacing = new Pacing("p", Optional.empty(), new AtomicReference<>(SweepThrottle.NEVER_HOLDS),
        new RateLimit(10), time, Optional.empty());
    pacing.afterBatch(50, 0);

    Pacing.Start start = pacing.beforeBatch(Duration.ofMinutes(1), 200 * MS);

    assertFalse(start.mayStart());
    assertEquals(0, time.paused);
  }

  @Test
  void aHeldBatchWaitsNoLongerThanTheSweepsDeadline() {
    FakeTime time = new FakeTime();
    Pacing pacing = new Pacing("p", Optional.empty(), new AtomicReference<>(pass -> Optional.of("busy")),
        new RateLimit(0), time, Optional.empty());

    Pacing.Start start = pacing.beforeBatch(Duration.ofMinutes(1), 1_200 * MS);

    assertFalse(start.mayStart());
    assertEquals(Duration.ofMillis(1_200), start.paced().held());
    assertEquals(Optional.of("throttle: busy"), start.paced().heldBy());
  }
}
