package dev.retention.runtime.internal.schedule;

import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The time that decides when a pass sweeps next, and the wait for it, and how long a batch took: monotonic, so that a
 * {@code Clock} that stands still (as in tests and demos) or is stepped back an hour never stops or delays the
 * background sweeps. The runtime's {@code Clock} decides what is expired (cutoffs, report times); this decides when,
 * and how long. Production runs on {@link #system(ScheduledExecutorService) System.nanoTime()}; tests give a timer they
 * move by hand.
 */
public interface SweepTimer {

  /** Now, in nanoseconds from an arbitrary origin; it never goes back, and is compared by difference only. */
  long nanoTime();

  /** Runs {@code task} once {@code delayNanos} of this timer have passed; cancelling the future drops it. */
  Future<?> schedule(Runnable task, long delayNanos);

  /** {@code System.nanoTime()}, waited for on {@code executor}. */
  static SweepTimer system(ScheduledExecutorService executor) {
    return new SweepTimer() {
      @Override
      public long nanoTime() {
        return System.nanoTime();
      }

      @Override
      public Future<?> schedule(Runnable task, long delayNanos) {
        return executor.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
      }
    };
  }
}
