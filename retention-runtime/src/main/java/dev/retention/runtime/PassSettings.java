package dev.retention.runtime;

import java.time.Duration;

/**
 * The options in force for one pass, after the built-in defaults, the code and the configuration were layered and
 * checked.
 *
 * @param pass the pass's name
 * @param retention the window in force: the annotation's, or the {@code retention} override
 * @param retentionOverridden whether {@code retention} came from an override rather than the annotation
 * @param batchSize the fixed size of every batch when {@code batchSizeFixed}; otherwise the size of the first batch
 * @param batchTarget how long each batch should take when the runtime sizes batches; when {@code batch-target} is
 *     unset, {@link #UNSET_BATCH_TARGET}, unused
 * @param batchSizeFixed whether every batch takes {@code batchSize} rows: {@code batch-target} is unset, or
 *     {@code batch-size} is set as well
 */
public record PassSettings(
    String pass,
    boolean enabled,
    Duration retention,
    boolean retentionOverridden,
    int batchSize,
    Duration batchDelay,
    Duration sweepInterval,
    Duration maxStartupStagger,
    int maxBatchesPerSweep,
    boolean dryRun,
    Duration batchTimeout,
    Duration batchTarget,
    boolean batchSizeFixed) {

  /** The {@link #batchTarget()} of a pass whose batches have a fixed size. */
  public static final Duration UNSET_BATCH_TARGET = Duration.ZERO;

  /**
   * The wait between sweeps: the smaller of {@code sweep-interval} and the retention when the retention is above zero,
   * so that a row outlives its expiry by at most about one interval.
   */
  public Duration effectiveInterval() {
    if (retention.isZero() || retention.compareTo(sweepInterval) >= 0) {
      return sweepInterval;
    }
    return retention;
  }
}
