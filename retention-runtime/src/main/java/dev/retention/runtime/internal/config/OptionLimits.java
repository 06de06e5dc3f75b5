package dev.retention.runtime.internal.config;

import dev.retention.runtime.RetentionOption;
import java.time.Duration;

/** The limits of options the runtime itself works with, typed, read from the options that state them. */
public final class OptionLimits {

  private OptionLimits() {}

  /** The largest batch: the upper bound of {@code batch-size}. */
  public static int largestBatch() {
    return (Integer) RetentionOption.BATCH_SIZE.upperBound().orElseThrow();
  }

  /** The longest window other than never: the upper bound of {@code retention}. */
  public static Duration longestWindow() {
    return (Duration) RetentionOption.RETENTION.upperBound().orElseThrow();
  }
}
