package dev.retention.runtime;

import java.time.Instant;

/**
 * Receives what the sweepers do, for metrics or progress displays. Register one with
 * {@link RetentionRuntime.Builder#listener(SweepListener)}.
 *
 * <p>Methods are called on the sweeping thread, so they should return quickly. An exception thrown here is logged and
 * does not affect the sweep.
 */
public interface SweepListener {

  /** A sweep of {@code pass} begins, comparing rows with {@code cutoff}. */
  default void sweepStarted(String pass, Instant cutoff, boolean dryRun) {}

  /** Batch {@code number} (from 1) of a sweep of {@code pass} begins. */
  default void batchStarted(String pass, int number) {}

  /** A batch was committed. */
  default void batchCompleted(BatchReport batch) {}

  /** A sweep ended, successfully or not. */
  default void sweepFinished(SweepReport report) {}
}
