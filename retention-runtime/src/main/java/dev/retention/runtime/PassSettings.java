package dev.retention.runtime;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.NullMarked;

/**
 * The options in force for one pass, after the built-in defaults, the code and the configuration were layered and
 * checked, and the statements chosen for it: what {@link RetentionRuntime#settings(String)} returns. Read only; made by
 * the runtime.
 */
@NullMarked
public interface PassSettings {

  /** The pass's name. */
  String pass();

  /** Whether the pass is swept at all ({@code enabled}). */
  boolean enabled();

  /** The window in force: the annotation's, or the {@code retention} override; {@link ScopeWindows#NEVER} keeps all. */
  Duration retention();

  /** Whether {@link #retention()} came from an override rather than the annotation. */
  boolean retentionOverridden();

  /** The shortest {@code retention} override accepted ({@code min-retention}). */
  Duration minRetention();

  /** The size of every batch when {@link #batchSizeFixed()}; otherwise the size of the first batch. */
  int batchSize();

  /**
   * How long each batch should take when the runtime sizes batches ({@code batch-target}, 25 ms by default); empty when
   * an explicit {@code batch-size} fixes every batch.
   */
  Optional<Duration> batchTarget();

  /** Whether every batch takes {@link #batchSize()} rows: {@code batch-size} is set explicitly. */
  boolean batchSizeFixed();

  /** The pause between batches ({@code batch-delay}). */
  Duration batchDelay();

  /** The longest wait between sweeps ({@code sweep-interval}). */
  Duration sweepInterval();

  /** The window the first sweep of each pass is spread across ({@code max-startup-stagger}). */
  Duration maxStartupStagger();

  /** The bound on one sweep ({@code max-batches-per-sweep}). */
  int maxBatchesPerSweep();

  /** Whether sweeps count instead of deleting ({@code dry-run}). */
  boolean dryRun();

  /** The longest any statement of a sweep may run or wait for a lock ({@code batch-timeout}). */
  Duration batchTimeout();

  /** For a scoped pass, the batches one scope may take per sweep and per on-demand sweep. */
  int maxBatchesPerScope();

  /** For a scoped pass, how long an on-demand sweep of one scope may go on starting batches. */
  Duration scopeSweepBudget();

  /**
   * For a scoped pass, the windows configuration gives single scopes
   * ({@code retention.<pass>.scope.<value>.retention}), by the scope value as written there, sorted.
   */
  Map<String, Duration> scopeWindows();

  /** For a pass over epoch time, whether each sweep first checks that the stored values suit the declared unit. */
  boolean epochCheck();

  /** What becomes of a partition whose whole range is expired ({@code expired-partitions}). */
  RetentionOption.ExpiredPartitions expiredPartitions();

  /** The most a replica may be behind in time before no batch starts ({@code max-replica-lag}); zero: unchecked. */
  Duration maxReplicaLag();

  /** The most WAL, in megabytes, a standby may have to replay ({@code max-replica-lag-mb}); 0: unchecked. */
  int maxReplicaLagMb();

  /** The longest one sweep waits while held ({@code max-hold-per-sweep}). */
  Duration maxHoldPerSweep();

  /** Whether batches keep the server's {@code synchronous_commit} ({@code synchronous-commit}). */
  RetentionOption.SynchronousCommit synchronousCommit();

  /** The most rows deleted a second ({@code max-rows-per-second}), as in force now; 0: no limit. */
  int maxRowsPerSecond();

  /** The statements the pass deletes with, chosen when the runtime was built. */
  StatementShape statementShape();

  /**
   * The wait between sweeps: the smaller of {@code sweep-interval} and the retention when the retention is above zero,
   * so that a row outlives its expiry by at most about one interval.
   */
  default Duration effectiveInterval() {
    Duration retention = retention();
    if (retention.isZero() || retention.compareTo(sweepInterval()) >= 0) {
      return sweepInterval();
    }
    return retention;
  }
}
