package dev.retention.runtime.internal.config;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.StatementShape;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A pass's {@link PassSettings} as the binder resolved them; the statements are added once the runtime chose them
 * ({@link #withStatementShape}).
 *
 * @param statementShape the statements chosen for the pass; null until the runtime chose them
 */
public record BoundSettings(
    String pass,
    boolean enabled,
    Duration retention,
    boolean retentionOverridden,
    int batchSize,
    Optional<Duration> batchTarget,
    boolean batchSizeFixed,
    Duration batchDelay,
    Duration sweepInterval,
    Duration maxStartupStagger,
    int maxBatchesPerSweep,
    boolean dryRun,
    Duration batchTimeout,
    int maxBatchesPerScope,
    Duration scopeSweepBudget,
    Map<String, Duration> scopeWindows,
    boolean epochCheck,
    RetentionOption.ExpiredPartitions expiredPartitions,
    Duration minRetention,
    StatementShape statementShape) implements PassSettings {

  public BoundSettings {
    Objects.requireNonNull(pass, "pass");
    scopeWindows = Collections.unmodifiableMap(new TreeMap<>(scopeWindows));
  }

  @Override
  public StatementShape statementShape() {
    if (statementShape == null) {
      throw new IllegalStateException("The statements of " + pass + " are chosen when the runtime is built");
    }
    return statementShape;
  }

  /** These settings, with the statements the runtime chose for the pass. */
  public BoundSettings withStatementShape(StatementShape shape) {
    return new BoundSettings(pass, enabled, retention, retentionOverridden, batchSize, batchTarget, batchSizeFixed,
        batchDelay, sweepInterval, maxStartupStagger, maxBatchesPerSweep, dryRun, batchTimeout, maxBatchesPerScope,
        scopeSweepBudget, scopeWindows, epochCheck, expiredPartitions, minRetention, Objects.requireNonNull(shape, "shape"));
  }
}
