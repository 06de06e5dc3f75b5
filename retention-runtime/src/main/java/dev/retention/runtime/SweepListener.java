package dev.retention.runtime;

import java.time.Instant;
import java.util.List;

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

  /**
   * A runtime was built with these passes: every discovered pass whose entity its factory manages, enabled or not, each
   * with its settings in force ({@link PassSettings#pass()} its name), sorted by name. Called once per runtime, while
   * {@code build()} runs, before any other event of that runtime; a listener given to several runtimes hears it from
   * each. Made for what should exist before a pass's first sweep, such as a meter at zero, so that a monitoring system
   * sees the first sweep's rows as an increase.
   */
  default void runtimeBuilt(List<PassSettings> passes) {}

  /** A sweep of {@code pass} begins, comparing rows with {@code cutoff}. */
  default void sweepStarted(String pass, Instant cutoff, boolean dryRun) {}

  /** Batch {@code number} (from 1) of a sweep of {@code pass} begins. */
  default void batchStarted(String pass, int number) {}

  /** A batch was committed. */
  default void batchCompleted(BatchReport batch) {}

  /** A sweep ended, successfully or not. */
  default void sweepFinished(SweepReport report) {}
}
