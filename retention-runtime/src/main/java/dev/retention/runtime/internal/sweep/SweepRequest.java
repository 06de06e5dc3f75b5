package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.Scope;
import java.time.Duration;
import java.util.Optional;

/**
 * What one sweep is asked to do: which rows (the whole pass, the scope rounds of a scoped pass, or one scope on
 * demand), within what budget, and whether it pauses between batches. The {@link SweepLoop} runs every kind the
 * same way.
 *
 * @param kind which rows are swept
 * @param scope the one scope of an on-demand sweep; {@link Scope#all()} otherwise
 * @param maxBatches the most batches of the whole sweep
 * @param maxBatchesPerScope the most batches of one scope: a scope that spends them is left for a later sweep and the
 *     sweep goes on with the next; for a sweep of one scope (or of the whole pass), {@link #maxBatches}
 * @param budget how long the sweep may start batches for; empty: no bound but the batches'
 * @param pausesBetweenBatches whether it waits {@code batch-delay} between batches
 * @param tenant the tenant whose rows are swept, in sessions opened for it; empty for a factory without tenants
 */
record SweepRequest(Kind kind, Scope scope, int maxBatches, int maxBatchesPerScope, Optional<Duration> budget,
    boolean pausesBetweenBatches, Optional<String> tenant) {

  /** Which rows a sweep goes through. */
  enum Kind {
    /** All the rows of a pass without a scope attribute, its expired partitions first. */
    WHOLE_PASS,
    /** The scopes with expired rows, from where the last sweep stopped ({@link ScopeRounds}). */
    SCOPE_ROUNDS,
    /** The rows of one scope, now, for the application (at sign-in, say). */
    ONE_SCOPE
  }

  /** The background sweep of a pass: scope rounds when it has a scope attribute, the whole pass otherwise. */
  static SweepRequest background(PassSettings settings, boolean scoped) {
    int perSweep = settings.maxBatchesPerSweep();
    return scoped
        ? new SweepRequest(Kind.SCOPE_ROUNDS, Scope.all(), perSweep, settings.maxBatchesPerScope(), Optional.empty(),
            true, Optional.empty())
        : new SweepRequest(Kind.WHOLE_PASS, Scope.all(), perSweep, perSweep, Optional.empty(), true, Optional.empty());
  }

  /**
   * One tenant's share of a background round over the tenants: the background sweep of its rows, within
   * {@code maxBatches} (its share, or what is left of the round's bound).
   */
  static SweepRequest tenantShare(PassSettings settings, boolean scoped, String tenant, int maxBatches) {
    return scoped
        ? new SweepRequest(Kind.SCOPE_ROUNDS, Scope.all(), maxBatches,
            Math.min(maxBatches, settings.maxBatchesPerScope()), Optional.empty(), true, Optional.of(tenant))
        : new SweepRequest(Kind.WHOLE_PASS, Scope.all(), maxBatches, maxBatches, Optional.empty(), true,
            Optional.of(tenant));
  }

  /** One scope now: {@code max-batches-per-scope} batches within {@code scope-sweep-budget}, with no pause. */
  static SweepRequest onDemand(Scope scope, PassSettings settings) {
    int perScope = settings.maxBatchesPerScope();
    return new SweepRequest(Kind.ONE_SCOPE, scope, perScope, perScope, Optional.of(settings.scopeSweepBudget()),
        false, Optional.empty());
  }

  /**
   * All of one tenant's rows of a scoped pass now, scope by scope as a round finds them, each by its own window,
   * bounded like {@link #onDemand}.
   */
  static SweepRequest onDemandRounds(String tenant, PassSettings settings) {
    int perScope = settings.maxBatchesPerScope();
    return new SweepRequest(Kind.SCOPE_ROUNDS, Scope.all(), perScope, perScope,
        Optional.of(settings.scopeSweepBudget()), false, Optional.of(tenant));
  }

  /**
   * One tenant's rows now (all of them, {@link Scope#all()}, of a pass without a scope attribute, or one scope's),
   * bounded like {@link #onDemand}: for a sign-in.
   */
  static SweepRequest onDemand(String tenant, Scope scope, PassSettings settings) {
    int perScope = settings.maxBatchesPerScope();
    return new SweepRequest(Kind.ONE_SCOPE, scope, perScope, perScope, Optional.of(settings.scopeSweepBudget()),
        false, Optional.of(tenant));
  }
}
