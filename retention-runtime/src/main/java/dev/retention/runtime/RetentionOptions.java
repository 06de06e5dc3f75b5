package dev.retention.runtime;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Options for one pass, or for every pass, set in code. Immutable: each {@code with} method returns a copy.
 *
 * <p>An instance remembers which options were set explicitly. Only those override the layers below it, so
 * {@code RetentionOptions.empty().withDryRun(true)} given for one pass turns on a dry run and leaves its batch size to
 * the defaults and the configuration. The accessors return the explicit value or the built-in default.
 *
 * <p>Values are checked when the runtime is built, with every problem reported at once.
 */
public final class RetentionOptions {

  private static final RetentionOptions EMPTY = new RetentionOptions(new EnumMap<>(RetentionOption.class));

  private final Map<RetentionOption, Object> explicit;

  private RetentionOptions(EnumMap<RetentionOption, Object> explicit) {
    this.explicit = Collections.unmodifiableMap(explicit);
  }

  /**
   * Options with nothing set: every accessor answers the built-in default, and layering them over other options
   * changes nothing. Set options with the {@code with...} methods.
   */
  public static RetentionOptions empty() {
    return EMPTY;
  }

  public boolean enabled() {
    return (Boolean) value(RetentionOption.ENABLED);
  }

  /** The window that overrides the annotation's, if set. */
  public Optional<Duration> retention() {
    return Optional.ofNullable((Duration) explicit.get(RetentionOption.RETENTION));
  }

  public Duration minRetention() {
    return (Duration) value(RetentionOption.MIN_RETENTION);
  }

  public int batchSize() {
    return (Integer) value(RetentionOption.BATCH_SIZE);
  }

  /**
   * The duration batches are sized to: the explicit value or the built-in 25 ms, always present (an {@code Optional}
   * since the option had no default before); an explicit {@code batch-size} fixes batches whatever this says.
   */
  public Optional<Duration> batchTarget() {
    return Optional.of((Duration) value(RetentionOption.BATCH_TARGET));
  }

  public Duration batchDelay() {
    return (Duration) value(RetentionOption.BATCH_DELAY);
  }

  public Duration sweepInterval() {
    return (Duration) value(RetentionOption.SWEEP_INTERVAL);
  }

  public Duration maxStartupStagger() {
    return (Duration) value(RetentionOption.MAX_STARTUP_STAGGER);
  }

  public int maxBatchesPerSweep() {
    return (Integer) value(RetentionOption.MAX_BATCHES_PER_SWEEP);
  }

  public boolean dryRun() {
    return (Boolean) value(RetentionOption.DRY_RUN);
  }

  public Duration batchTimeout() {
    return (Duration) value(RetentionOption.BATCH_TIMEOUT);
  }

  /** The batches one scope of a scoped pass may take per sweep, and the bound of an on-demand sweep of one scope. */
  public int maxBatchesPerScope() {
    return (Integer) value(RetentionOption.MAX_BATCHES_PER_SCOPE);
  }

  /** How long an on-demand sweep of one scope may go on starting batches. */
  public Duration scopeSweepBudget() {
    return (Duration) value(RetentionOption.SCOPE_SWEEP_BUDGET);
  }

  /** Whether a sweep of a pass over epoch time first checks that the stored values are plausible for their unit. */
  public boolean epochCheck() {
    return (Boolean) value(RetentionOption.EPOCH_CHECK);
  }

  /** What becomes of a partition whose whole range is expired: {@code rows}, {@code drop} or {@code detach}. */
  public RetentionOption.ExpiredPartitions expiredPartitions() {
    return RetentionOption.ExpiredPartitions.forKey((String) value(RetentionOption.EXPIRED_PARTITIONS)).orElseThrow();
  }

  /** The most a replica may be behind in time before no batch starts; zero: not checked. */
  public Duration maxReplicaLag() {
    return (Duration) value(RetentionOption.MAX_REPLICA_LAG);
  }

  /** The most WAL, in megabytes, a PostgreSQL standby may have to replay before no batch starts; 0: not checked. */
  public int maxReplicaLagMb() {
    return (Integer) value(RetentionOption.MAX_REPLICA_LAG_MB);
  }

  /** The longest one sweep waits while held by a replica or a throttle before it ends with work remaining. */
  public Duration maxHoldPerSweep() {
    return (Duration) value(RetentionOption.MAX_HOLD_PER_SWEEP);
  }

  /** Whether batches commit without waiting for the WAL ({@code auto}) or as the server says ({@code server}). */
  public RetentionOption.SynchronousCommit synchronousCommit() {
    return RetentionOption.SynchronousCommit.forKey((String) value(RetentionOption.SYNCHRONOUS_COMMIT)).orElseThrow();
  }

  /** The most rows a pass deletes a second; 0: no limit. */
  public int maxRowsPerSecond() {
    return (Integer) value(RetentionOption.MAX_ROWS_PER_SECOND);
  }

  public RetentionOptions withMaxReplicaLag(Duration maxReplicaLag) {
    return with(RetentionOption.MAX_REPLICA_LAG, maxReplicaLag);
  }

  public RetentionOptions withMaxReplicaLagMb(int maxReplicaLagMb) {
    return with(RetentionOption.MAX_REPLICA_LAG_MB, maxReplicaLagMb);
  }

  public RetentionOptions withMaxHoldPerSweep(Duration maxHoldPerSweep) {
    return with(RetentionOption.MAX_HOLD_PER_SWEEP, maxHoldPerSweep);
  }

  public RetentionOptions withSynchronousCommit(RetentionOption.SynchronousCommit synchronousCommit) {
    return with(RetentionOption.SYNCHRONOUS_COMMIT, synchronousCommit.key());
  }

  public RetentionOptions withMaxRowsPerSecond(int maxRowsPerSecond) {
    return with(RetentionOption.MAX_ROWS_PER_SECOND, maxRowsPerSecond);
  }

  /** Drops (or detaches) partitions whose whole range is expired, where the table allows it; see the guide. */
  public RetentionOptions withExpiredPartitions(RetentionOption.ExpiredPartitions expiredPartitions) {
    return with(RetentionOption.EXPIRED_PARTITIONS, expiredPartitions.key());
  }

  public RetentionOptions withEnabled(boolean enabled) {
    return with(RetentionOption.ENABLED, enabled);
  }

  public RetentionOptions withRetention(Duration retention) {
    return with(RetentionOption.RETENTION, retention);
  }

  public RetentionOptions withMinRetention(Duration minRetention) {
    return with(RetentionOption.MIN_RETENTION, minRetention);
  }

  public RetentionOptions withBatchSize(int batchSize) {
    return with(RetentionOption.BATCH_SIZE, batchSize);
  }

  /** Sizes batches to take about {@code batchTarget} each (25 ms by default), unless a {@code batch-size} is set. */
  public RetentionOptions withBatchTarget(Duration batchTarget) {
    return with(RetentionOption.BATCH_TARGET, batchTarget);
  }

  public RetentionOptions withBatchDelay(Duration batchDelay) {
    return with(RetentionOption.BATCH_DELAY, batchDelay);
  }

  public RetentionOptions withSweepInterval(Duration sweepInterval) {
    return with(RetentionOption.SWEEP_INTERVAL, sweepInterval);
  }

  public RetentionOptions withMaxStartupStagger(Duration maxStartupStagger) {
    return with(RetentionOption.MAX_STARTUP_STAGGER, maxStartupStagger);
  }

  public RetentionOptions withMaxBatchesPerSweep(int maxBatchesPerSweep) {
    return with(RetentionOption.MAX_BATCHES_PER_SWEEP, maxBatchesPerSweep);
  }

  public RetentionOptions withDryRun(boolean dryRun) {
    return with(RetentionOption.DRY_RUN, dryRun);
  }

  public RetentionOptions withBatchTimeout(Duration batchTimeout) {
    return with(RetentionOption.BATCH_TIMEOUT, batchTimeout);
  }

  public RetentionOptions withMaxBatchesPerScope(int maxBatchesPerScope) {
    return with(RetentionOption.MAX_BATCHES_PER_SCOPE, maxBatchesPerScope);
  }

  public RetentionOptions withEpochCheck(boolean epochCheck) {
    return with(RetentionOption.EPOCH_CHECK, epochCheck);
  }

  public RetentionOptions withScopeSweepBudget(Duration scopeSweepBudget) {
    return with(RetentionOption.SCOPE_SWEEP_BUDGET, scopeSweepBudget);
  }

  /**
   * Sets one option by its descriptor; {@code value} must be of the option's {@link RetentionOption#type() type}.
   */
  public RetentionOptions with(RetentionOption option, Object value) {
    Objects.requireNonNull(value, () -> option.key() + " must not be null");
    Class<?> expected = switch (option.type()) {
      case BOOLEAN -> Boolean.class;
      case INTEGER -> Integer.class;
      case DURATION -> Duration.class;
      case CHOICE -> String.class;
    };
    if (!expected.isInstance(value)) {
      throw new IllegalArgumentException(option.key() + " takes a " + expected.getSimpleName() + ", not " + value);
    }
    EnumMap<RetentionOption, Object> copy = copyOfExplicit();
    copy.put(option, value);
    return new RetentionOptions(copy);
  }

  /** These options with every option that {@code overrides} set explicitly taken from it. */
  public RetentionOptions overriddenBy(RetentionOptions overrides) {
    EnumMap<RetentionOption, Object> copy = copyOfExplicit();
    copy.putAll(overrides.explicit);
    return new RetentionOptions(copy);
  }

  /** The options set explicitly, in declaration order. */
  public Set<RetentionOption> explicitlySet() {
    return explicit.keySet();
  }

  /** The explicit value of {@code option}, or its built-in default (empty for an unset retention or batch target). */
  public Optional<Object> get(RetentionOption option) {
    return explicit.containsKey(option) ? Optional.of(explicit.get(option)) : option.defaultValue();
  }

  private Object value(RetentionOption option) {
    return get(option).orElseThrow();
  }

  private EnumMap<RetentionOption, Object> copyOfExplicit() {
    EnumMap<RetentionOption, Object> copy = new EnumMap<>(RetentionOption.class);
    copy.putAll(explicit);
    return copy;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RetentionOptions that && explicit.equals(that.explicit);
  }

  @Override
  public int hashCode() {
    return explicit.hashCode();
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("RetentionOptions{");
    explicit.forEach((option, value) -> {
      if (text.charAt(text.length() - 1) != '{') {
        text.append(", ");
      }
      text.append(option.key()).append('=').append(option.format(value));
    });
    return text.append('}').toString();
  }
}
