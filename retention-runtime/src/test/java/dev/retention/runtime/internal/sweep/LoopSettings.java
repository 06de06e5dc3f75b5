package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.StatementShape;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** The settings the loop's unit suite sweeps with: fixed batches, no pause, the few bounds each test sets. */
record LoopSettings(int batchSize, int maxBatchesPerSweep, int maxBatchesPerScope, Duration scopeSweepBudget,
    boolean dryRun, Duration maxHoldPerSweep, int maxRowsPerSecond, int maxReplicaLagMb) implements PassSettings {

  static LoopSettings batchesOf(int size) {
    return new LoopSettings(size, 100, 10, Duration.ofSeconds(1), false, Duration.ofMinutes(1), 0, 0);
  }

  LoopSettings maxBatchesPerSweep(int batches) {
    return new LoopSettings(batchSize, batches, maxBatchesPerScope, scopeSweepBudget, dryRun, maxHoldPerSweep,
        maxRowsPerSecond, maxReplicaLagMb);
  }

  LoopSettings maxBatchesPerScope(int batches) {
    return new LoopSettings(batchSize, maxBatchesPerSweep, batches, scopeSweepBudget, dryRun, maxHoldPerSweep,
        maxRowsPerSecond, maxReplicaLagMb);
  }

  LoopSettings scopeSweepBudget(Duration budget) {
    return new LoopSettings(batchSize, maxBatchesPerSweep, maxBatchesPerScope, budget, dryRun, maxHoldPerSweep,
        maxRowsPerSecond, maxReplicaLagMb);
  }

  LoopSettings maxHoldPerSweep(Duration hold) {
    return new LoopSettings(batchSize, maxBatchesPerSweep, maxBatchesPerScope, scopeSweepBudget, dryRun, hold,
        maxRowsPerSecond, maxReplicaLagMb);
  }

  LoopSettings maxRowsPerSecond(int rows) {
    return new LoopSettings(batchSize, maxBatchesPerSweep, maxBatchesPerScope, scopeSweepBudget, dryRun,
        maxHoldPerSweep, rows, maxReplicaLagMb);
  }

  LoopSettings maxReplicaLagMb(int megabytes) {
    return new LoopSettings(batchSize, maxBatchesPerSweep, maxBatchesPerScope, scopeSweepBudget, dryRun,
        maxHoldPerSweep, maxRowsPerSecond, megabytes);
  }

  @Override
  public Duration maxReplicaLag() {
    return Duration.ZERO;
  }

  @Override
  public RetentionOption.SynchronousCommit synchronousCommit() {
    return RetentionOption.SynchronousCommit.AUTO;
  }

  @Override
  public String pass() {
    return LoopNote.class.getCanonicalName();
  }

  @Override
  public boolean enabled() {
    return true;
  }

  @Override
  public Duration retention() {
    return LoopNotePass.WINDOW;
  }

  @Override
  public boolean retentionOverridden() {
    return false;
  }

  @Override
  public Duration minRetention() {
    return Duration.ZERO;
  }

  @Override
  public Optional<Duration> batchTarget() {
    return Optional.empty();
  }

  @Override
  public boolean batchSizeFixed() {
    return true;
  }

  @Override
  public Duration batchDelay() {
    return Duration.ZERO;
  }

  @Override
  public Duration sweepInterval() {
    return Duration.ofMinutes(5);
  }

  @Override
  public Duration maxStartupStagger() {
    return Duration.ZERO;
  }

  @Override
  public Duration batchTimeout() {
    return Duration.ofSeconds(30);
  }

  @Override
  public Map<String, Duration> scopeWindows() {
    return Map.of();
  }

  @Override
  public boolean epochCheck() {
    return false;
  }

  @Override
  public RetentionOption.ExpiredPartitions expiredPartitions() {
    return RetentionOption.ExpiredPartitions.ROWS;
  }

  @Override
  public StatementShape statementShape() {
    return StatementShape.PORTABLE_JPQL;
  }
}
