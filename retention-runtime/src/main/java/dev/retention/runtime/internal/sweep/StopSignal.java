package dev.retention.runtime.internal.sweep;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Tells running sweeps that the runtime is closing, and lets them pause between batches in a way that closing ends at
 * once.
 */
public class StopSignal {

  private final CountDownLatch stopped = new CountDownLatch(1);

  /** Asks every sweep to stop before its next batch and wakes those pausing. */
  public void stop() {
    stopped.countDown();
  }

  public boolean stopRequested() {
    return stopped.getCount() == 0;
  }

  /**
   * Pauses for {@code delay}, or until a stop is requested.
   *
   * @return true when the whole pause passed, false when it was cut short by a stop
   */
  public boolean pause(Duration delay) {
    if (delay.isZero()) {
      return !stopRequested();
    }
    try {
      return !stopped.await(delay.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
