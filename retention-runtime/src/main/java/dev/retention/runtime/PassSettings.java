package dev.retention.runtime;

import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

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
 * @param maxBatchesPerScope for a scoped pass, the batches one scope may take per sweep, and the bound of an
 *     on-demand sweep of one scope
 * @param scopeSweepBudget for a scoped pass, how long an on-demand sweep of one scope may go on starting batches
 * @param scopeWindows for a scoped pass, the windows configuration gives single scopes
 *     ({@code retention.<pass>.scope.<value>.retention}), by the scope value as written there
 * @param epochCheck for a pass over epoch time, whether each sweep first checks that the stored values are plausible
 *     for the declared unit ({@code epoch-check})
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
    boolean batchSizeFixed,
    int maxBatchesPerScope,
    Duration scopeSweepBudget,
    Map<String, Duration> scopeWindows,
    boolean epochCheck) {

  public PassSettings {
    scopeWindows = Collections.unmodifiableMap(new TreeMap<>(scopeWindows));
  }

  /** Settings of a pass without windows per scope, the built-in bounds of scoped sweeps, and the epoch check on. */
  public PassSettings(String pass, boolean enabled, Duration retention, boolean retentionOverridden, int batchSize,
      Duration batchDelay, Duration sweepInterval, Duration maxStartupStagger, int maxBatchesPerSweep, boolean dryRun,
      Duration batchTimeout, Duration batchTarget, boolean batchSizeFixed) {
    this(pass, enabled, retention, retentionOverridden, batchSize, batchDelay, sweepInterval, maxStartupStagger,
        maxBatchesPerSweep, dryRun, batchTimeout, batchTarget, batchSizeFixed,
        (Integer) RetentionOption.MAX_BATCHES_PER_SCOPE.defaultValue().orElseThrow(),
        (Duration) RetentionOption.SCOPE_SWEEP_BUDGET.defaultValue().orElseThrow(), Map.of(),
        (Boolean) RetentionOption.EPOCH_CHECK.defaultValue().orElseThrow());
  }

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
