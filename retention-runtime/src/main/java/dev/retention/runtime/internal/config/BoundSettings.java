package dev.retention.runtime.internal.config;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.StatementShape;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A pass's {@link PassSettings} as the binder resolved them; the statements are added once the runtime chose them
 * ({@link #withStatementShape}). Made by name, {@code BoundSettings.builder(pass).batchSize(500)...build()}, so that a
 * new option is one field and one step of the {@link Builder} and one accessor here.
 */
public final class BoundSettings implements PassSettings {

  /** A copy of the builder's values that nothing holds but this, so that nothing changes them. */
  private final Builder values;

  private BoundSettings(Builder values) {
    this.values = values;
  }

  /** A builder for the settings of {@code pass}, starting from the built-in defaults and a window that keeps all. */
  public static Builder builder(String pass) {
    return new Builder(pass);
  }

  /** A builder starting from these settings. */
  public Builder toBuilder() {
    return values.copy();
  }

  /** These settings, with the statements the runtime chose for the pass. */
  public BoundSettings withStatementShape(StatementShape shape) {
    return toBuilder().statementShape(shape).build();
  }

  @Override
  public String pass() {
    return values.pass;
  }

  @Override
  public boolean enabled() {
    return values.enabled;
  }

  @Override
  public Duration retention() {
    return values.retention;
  }

  @Override
  public boolean retentionOverridden() {
    return values.retentionOverridden;
  }

  @Override
  public Duration minRetention() {
    return values.minRetention;
  }

  @Override
  public int batchSize() {
    return values.batchSize;
  }

  @Override
  public Optional<Duration> batchTarget() {
    return values.batchTarget;
  }

  @Override
  public boolean batchSizeFixed() {
    return values.batchSizeFixed;
  }

  @Override
  public Duration batchDelay() {
    return values.batchDelay;
  }

  @Override
  public Duration sweepInterval() {
    return values.sweepInterval;
  }

  @Override
  public Duration maxStartupStagger() {
    return values.maxStartupStagger;
  }

  @Override
  public int maxBatchesPerSweep() {
    return values.maxBatchesPerSweep;
  }

  @Override
  public boolean dryRun() {
    return values.dryRun;
  }

  @Override
  public Duration batchTimeout() {
    return values.batchTimeout;
  }

  @Override
  public int maxBatchesPerScope() {
    return values.maxBatchesPerScope;
  }

  @Override
  public Duration scopeSweepBudget() {
    return values.scopeSweepBudget;
  }

  @Override
  public Map<String, Duration> scopeWindows() {
    return values.scopeWindows;
  }

  @Override
  public boolean epochCheck() {
    return values.epochCheck;
  }

  @Override
  public RetentionOption.ExpiredPartitions expiredPartitions() {
    return values.expiredPartitions;
  }

  @Override
  public Duration maxReplicaLag() {
    return values.maxReplicaLag;
  }

  @Override
  public int maxReplicaLagMb() {
    return values.maxReplicaLagMb;
  }

  @Override
  public Duration maxHoldPerSweep() {
    return values.maxHoldPerSweep;
  }

  @Override
  public RetentionOption.SynchronousCommit synchronousCommit() {
    return values.synchronousCommit;
  }

  @Override
  public int maxRowsPerSecond() {
    return values.maxRowsPerSecond;
  }

  /** @throws IllegalStateException before the runtime chose the statements */
  @Override
  public StatementShape statementShape() {
    StatementShape shape = values.statementShape;
    if (shape == null) {
      throw new IllegalStateException("The statements of " + values.pass + " are chosen when the runtime is built");
    }
    return shape;
  }

  @Override
  public String toString() {
    return "BoundSettings[" + values.pass + "]";
  }

  /**
   * The settings of one pass, set by name; each unset one keeps its built-in default ({@link RetentionOptions#empty()})
   * and the window keeps every row ({@link ScopeWindows#NEVER}) until set; batches are fixed at {@code batch-size}
   * until {@link #batchSizeFixed} says otherwise, as with an explicit {@code batch-size}, so that settings built in
   * code size nothing by time unless asked (the binder always sets both). A copy is a whole copy ({@link #copy()}):
   * every field holds an immutable value.
   */
  public static final class Builder implements Cloneable {

    private static final RetentionOptions BUILT_IN = RetentionOptions.empty();

    private final String pass;
    private boolean enabled = BUILT_IN.enabled();
    private Duration retention = ScopeWindows.NEVER;
    private boolean retentionOverridden;
    private Duration minRetention = BUILT_IN.minRetention();
    private int batchSize = BUILT_IN.batchSize();
    private Optional<Duration> batchTarget = Optional.empty();
    private boolean batchSizeFixed = true;
    private Duration batchDelay = BUILT_IN.batchDelay();
    private Duration sweepInterval = BUILT_IN.sweepInterval();
    private Duration maxStartupStagger = BUILT_IN.maxStartupStagger();
    private int maxBatchesPerSweep = BUILT_IN.maxBatchesPerSweep();
    private boolean dryRun = BUILT_IN.dryRun();
    private Duration batchTimeout = BUILT_IN.batchTimeout();
    private int maxBatchesPerScope = BUILT_IN.maxBatchesPerScope();
    private Duration scopeSweepBudget = BUILT_IN.scopeSweepBudget();
    private Map<String, Duration> scopeWindows = Map.of();
    private boolean epochCheck = BUILT_IN.epochCheck();
    private RetentionOption.ExpiredPartitions expiredPartitions = BUILT_IN.expiredPartitions();
    private Duration maxReplicaLag = BUILT_IN.maxReplicaLag();
    private int maxReplicaLagMb = BUILT_IN.maxReplicaLagMb();
    private Duration maxHoldPerSweep = BUILT_IN.maxHoldPerSweep();
    private RetentionOption.SynchronousCommit synchronousCommit = BUILT_IN.synchronousCommit();
    private int maxRowsPerSecond = BUILT_IN.maxRowsPerSecond();
    /** Null until the runtime chose the statements. */
    private @Nullable StatementShape statementShape;

    private Builder(String pass) {
      this.pass = Objects.requireNonNull(pass, "pass");
    }

    public Builder enabled(boolean enabled) {
      this.enabled = enabled;
      return this;
    }

    /** The window in force, and whether it came from an override rather than the annotation. */
    public Builder retention(Duration retention, boolean overridden) {
      this.retention = Objects.requireNonNull(retention, "retention");
      this.retentionOverridden = overridden;
      return this;
    }

    public Builder minRetention(Duration minRetention) {
      this.minRetention = Objects.requireNonNull(minRetention, "minRetention");
      return this;
    }

    public Builder batchSize(int batchSize) {
      this.batchSize = batchSize;
      return this;
    }

    public Builder batchTarget(Optional<Duration> batchTarget) {
      this.batchTarget = Objects.requireNonNull(batchTarget, "batchTarget");
      return this;
    }

    public Builder batchSizeFixed(boolean batchSizeFixed) {
      this.batchSizeFixed = batchSizeFixed;
      return this;
    }

    public Builder batchDelay(Duration batchDelay) {
      this.batchDelay = Objects.requireNonNull(batchDelay, "batchDelay");
      return this;
    }

    public Builder sweepInterval(Duration sweepInterval) {
      this.sweepInterval = Objects.requireNonNull(sweepInterval, "sweepInterval");
      return this;
    }

    public Builder maxStartupStagger(Duration maxStartupStagger) {
      this.maxStartupStagger = Objects.requireNonNull(maxStartupStagger, "maxStartupStagger");
      return this;
    }

    public Builder maxBatchesPerSweep(int maxBatchesPerSweep) {
      this.maxBatchesPerSweep = maxBatchesPerSweep;
      return this;
    }

    public Builder dryRun(boolean dryRun) {
      this.dryRun = dryRun;
      return this;
    }

    public Builder batchTimeout(Duration batchTimeout) {
      this.batchTimeout = Objects.requireNonNull(batchTimeout, "batchTimeout");
      return this;
    }

    public Builder maxBatchesPerScope(int maxBatchesPerScope) {
      this.maxBatchesPerScope = maxBatchesPerScope;
      return this;
    }

    public Builder scopeSweepBudget(Duration scopeSweepBudget) {
      this.scopeSweepBudget = Objects.requireNonNull(scopeSweepBudget, "scopeSweepBudget");
      return this;
    }

    /** The windows of single scopes, by the scope value as written in configuration; kept sorted. */
    public Builder scopeWindows(Map<String, Duration> scopeWindows) {
      this.scopeWindows = Collections.unmodifiableMap(new TreeMap<>(scopeWindows));
      return this;
    }

    public Builder epochCheck(boolean epochCheck) {
      this.epochCheck = epochCheck;
      return this;
    }

    public Builder expiredPartitions(RetentionOption.ExpiredPartitions expiredPartitions) {
      this.expiredPartitions = Objects.requireNonNull(expiredPartitions, "expiredPartitions");
      return this;
    }

    public Builder maxReplicaLag(Duration maxReplicaLag) {
      this.maxReplicaLag = Objects.requireNonNull(maxReplicaLag, "maxReplicaLag");
      return this;
    }

    public Builder maxReplicaLagMb(int maxReplicaLagMb) {
      this.maxReplicaLagMb = maxReplicaLagMb;
      return this;
    }

    public Builder maxHoldPerSweep(Duration maxHoldPerSweep) {
      this.maxHoldPerSweep = Objects.requireNonNull(maxHoldPerSweep, "maxHoldPerSweep");
      return this;
    }

    public Builder synchronousCommit(RetentionOption.SynchronousCommit synchronousCommit) {
      this.synchronousCommit = Objects.requireNonNull(synchronousCommit, "synchronousCommit");
      return this;
    }

    public Builder maxRowsPerSecond(int maxRowsPerSecond) {
      this.maxRowsPerSecond = maxRowsPerSecond;
      return this;
    }

    /** The statements the runtime chose for the pass. */
    public Builder statementShape(StatementShape statementShape) {
      this.statementShape = Objects.requireNonNull(statementShape, "statementShape");
      return this;
    }

    /** The settings as set so far; the builder may go on being used without changing them. */
    public BoundSettings build() {
      return new BoundSettings(copy());
    }

    private Builder copy() {
      try {
        return (Builder) clone();
      } catch (CloneNotSupportedException cannotHappen) {
        throw new AssertionError("Builder is Cloneable", cannotHappen);
      }
    }
  }
}
