package dev.retention.runtime;

import dev.retention.runtime.internal.schedule.SweepTimer;

/**
 * Gives a test's runtime a timer it moves by hand, through the builder's package-private hook: applications always
 * schedule by {@code System.nanoTime()}. In the runtime's package for that reason only.
 */
public final class SweepTimers {

  private SweepTimers() {}

  /** {@code builder}, its background sweeps scheduled by {@code timer}. */
  public static RetentionRuntime.Builder scheduledBy(RetentionRuntime.Builder builder, SweepTimer timer) {
    return builder.sweepTimer(timer);
  }
}
