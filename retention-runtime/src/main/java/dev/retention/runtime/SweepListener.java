package dev.retention.runtime;

import java.time.Instant;

/**
 * Receives what the sweepers do, for metrics or progress displays. Register one with
 * {@link RetentionRuntime.Builder#listener(SweepListener)}.
 *
 * <p>Each listener is called on a thread of its own, one event at a time, in the order of the events; the sweep waits
 * for each call up to a second, so a listener that returns quickly has every event before the sweep goes on (and
 * before {@code sweep(...)} returns). A listener that takes longer holds no sweep: the sweep goes on without it, and
 * the events that come while it is still busy are dropped, counted and logged, until it returns. An exception thrown
 * here is logged and does not affect the sweep.
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
