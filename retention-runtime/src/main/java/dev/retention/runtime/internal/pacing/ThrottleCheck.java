package dev.retention.runtime.internal.pacing;

import dev.retention.runtime.SweepThrottle;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One pass's view of the application's {@link SweepThrottle}: asked before a batch, at most once every
 * {@link #RECHECK}, its answer kept in between, so that a throttle that runs a query costs a few a second at most. A
 * throttle that throws holds the batch, its exception the reason. The throttle itself is the runtime's, and may be
 * replaced at run time; a new one is asked at the next batch. Thread-safe, as {@link ReplicaGate} is.
 */
public final class ThrottleCheck {

  /** How long a throttle's answer stands. */
  public static final Duration RECHECK = Duration.ofMillis(500);

  private final String pass;
  private final AtomicReference<SweepThrottle> throttle;
  private SweepThrottle askedOf;
  private Hold last = Hold.NONE;
  private long nextCheckNanos;
  private boolean checkedOnce;

  /** @param throttle the runtime's throttle, which the application may replace */
  public ThrottleCheck(String pass, AtomicReference<SweepThrottle> throttle) {
    this.pass = pass;
    this.throttle = throttle;
    this.askedOf = current();
  }

  /** The runtime's throttle now: never null, the runtime sets it only to a throttle. */
  private SweepThrottle current() {
    return Objects.requireNonNull(throttle.get(), "throttle");
  }

  /** Whether the throttle lets a batch start at {@code nowNanos}. */
  public synchronized Hold check(long nowNanos) {
    SweepThrottle current = current();
    if (checkedOnce && current == askedOf && nowNanos - nextCheckNanos < 0) {
      return last;
    }
    checkedOnce = true;
    askedOf = current;
    nextCheckNanos = nowNanos + RECHECK.toNanos();
    Optional<String> reason;
    try {
      reason = current.holdReason(pass);
    } catch (RuntimeException e) {
      reason = Optional.of("the throttle failed (" + e + ")");
    }
    last = reason == null || reason.isEmpty() ? Hold.NONE
        : Hold.by("throttle", "throttle: " + reason.get(), Optional.empty());
    return last;
  }
}
