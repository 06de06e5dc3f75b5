package dev.retention.runtime.internal.pacing;

import java.time.Duration;

/** The monotonic time pacing measures holds by, and its wait, which the runtime's close ends at once. */
public interface PacingTime {

  /** Now, in nanoseconds from an arbitrary origin, compared by difference only. */
  long nanoTime();

  /**
   * Waits {@code delay}, or less when the runtime closes.
   *
   * @return false when the wait was cut short by the runtime closing
   */
  boolean pause(Duration delay);
}
