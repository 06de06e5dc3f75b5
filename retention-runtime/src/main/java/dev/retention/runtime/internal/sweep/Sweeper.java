package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.Scope;
import dev.retention.runtime.SweepFailedException;
import dev.retention.runtime.SweepInFlight;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.internal.config.BoundSettings;
import dev.retention.runtime.internal.config.OptionLimits;
import dev.retention.runtime.internal.lock.PassLocks;
import dev.retention.runtime.internal.partition.PartitionPlan;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.policy.LivePolicy;
import dev.retention.runtime.internal.scope.ScopeValues;
import dev.retention.runtime.internal.scope.ScopeWindowing;
import dev.retention.runtime.internal.shape.SchemaLook;
import dev.retention.runtime.internal.shape.ShapeChoice;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * Sweeps one pass: computes the cutoff once, then deletes in bounded batches ({@link BatchRun}), each in its own
 * transaction, until a batch comes back short, the sweep reaches its bound, a batch fails, or the runtime closes. Never
 * throws: every outcome is a {@link SweepReport}. A pass with a scope attribute is swept window by window, the scopes
 * that share one together ({@link ScopeRounds}), each against its own cutoff. Every kind of sweep is a {@link SweepRequest} run by the one
 * {@link SweepLoop}; this class takes the pass's lock, and keeps on-demand sweeps of one scope from piling up.
 */
public final class Sweeper {

  private final PassSweep pass;
  /** The statements, as last chosen: at {@code build()}, or again where the catalog changed ({@link #watch}). */
  private volatile ShapeChoice.Choice choice;
  /** What the statements were chosen on in the database's catalog, read again before each sweep. */
  private final StatementWatch watch;
  /** Whether expired partitions go whole before the batches, and what the start line says of it. */
  private final PartitionPlan partitions;
  private final ReentrantLock sweeping = new ReentrantLock();
  /** The rounds of a scoped pass's background sweeps; null for a pass without a scope attribute. */
  private final @Nullable ScopeRounds rounds;
  /** Runs every sweep of the pass: background, scope rounds, one scope on demand. */
  private final SweepLoop loop;
  /** How the application's policies read the pass's instances, found at the first policy; null before. */
  private volatile LivePolicy.@Nullable Readers readers;
  /** The scopes being swept on demand, so that calls for one scope do not pile up. */
  private final Set<Scope> inFlight = ConcurrentHashMap.newKeySet();
  /** The sweeps tenant by tenant of a runtime given its tenants; null for one without. */
  private final @Nullable TenantSweeps tenants;

  /**
   * @param choice the statements the pass deletes with
   * @param scopes the windows of the pass's scopes; null for a pass without a scope attribute
   * @param watch what {@code choice} was made on in the database's catalog, read again before each sweep
   */
  public Sweeper(SweepEnvironment environment, PassModel model, PassSettings settings, ShapeChoice.Choice choice,
      @Nullable ScopeWindowing scopes, PartitionPlan partitions, StatementWatch watch) {
    this(environment, model, settings, choice, scopes, partitions, watch, SchemaLook.Decision.none(""));
  }

  /**
   * @param schemaLook whether a round over the tenants first looks across their schemas at once (a runtime with
   *     tenants only)
   */
  public Sweeper(SweepEnvironment environment, PassModel model, PassSettings settings, ShapeChoice.Choice choice,
      @Nullable ScopeWindowing scopes, PartitionPlan partitions, StatementWatch watch, SchemaLook.Decision schemaLook) {
    this.partitions = partitions;
    this.watch = watch;
    this.pass = new PassSweep(environment, model, settings, choice.shape(), scopes,
        environment.pacing().forPass(settings));
    this.choice = choice;
    this.rounds = scopes == null ? null : new ScopeRounds(pass);
    // With batch-size set, that size; otherwise sized, up to the largest batch. One sizer for every sweep of the pass
    // (when batch-target is set), so that a sweep starts where the last ended.
    BatchSizer sizer = BatchSizer.of(settings,
        settings.batchSizeFixed() ? settings.batchSize() : OptionLimits.largestBatch());
    this.loop = new SweepLoop(pass, sizer, partitions, rounds);
    this.tenants = environment.tenants().perTenant() ? new TenantSweeps(pass, sizer, partitions, schemaLook) : null;
  }

  public PassModel model() {
    return pass.model();
  }

  public PassSettings settings() {
    int rate = pass.pacing().rate().rowsPerSecond();
    if (!(pass.settings() instanceof BoundSettings bound)) {
      return pass.settings();
    }
    // As changed at run time: the rate, and the statements chosen again where the catalog changed.
    BoundSettings now = bound.statementShape() == pass.shape().kind() ? bound
        : bound.withStatementShape(pass.shape().kind());
    return rate == now.maxRowsPerSecond() ? now : now.toBuilder().maxRowsPerSecond(rate).build();
  }

  /**
   * Sets the pass's ceiling on rows deleted a second from its next batch on ({@code max-rows-per-second}); 0 lifts it.
   * The caller checked the bounds.
   */
  public void maxRowsPerSecond(int rowsPerSecond) {
    pass.pacing().rate().set(rowsPerSecond);
  }

  /** What paces the pass's batches, for the start line; empty when only the throttle can hold it. */
  public String describePacing() {
    return pass.pacing().describe();
  }

  /** The values of the pass's scope attribute; only for a pass that has one. */
  public ScopeValues scopeValues() {
    return pass.scopes().values();
  }

  /**
   * The pass's rule at its clock's now, for the application's reads: the windows in force, the runtime's zone.
   *
   * @param scope the rows its live queries are of: all, or one scope's (for a pass with a scope attribute)
   */
  public LivePolicy policy(Scope scope) {
    LivePolicy.Readers read = readers;
    if (read == null) {
      read = new LivePolicy.Readers(pass.environment().emf(), pass.model(), pass.scoped());
      readers = read; // a race makes a second, equal one: no harm
    }
    return new LivePolicy(pass.environment().emf(), pass.model(), read, pass.environment().clock().instant(),
        pass.environment().zone(), pass.settings().retention(), pass.scopeWindows(), scope, pass.settings().epochCheck());
  }

  /** How the pass's scopes are swept, for the start line; empty for a pass without a scope attribute. */
  public String describeScopes() {
    ScopeWindowing scopes = pass.scopeWindows();
    if (scopes == null) {
      return "";
    }
    int perScope = pass.settings().maxBatchesPerScope();
    return ", window by window of " + scopes.values().attribute() + " (scopes that share a window together; at most "
        + perScope + (perScope == 1 ? " batch" : " batches") + " a group per sweep; " + scopes.configuredScopes()
        + (scopes.configuredScopes() == 1 ? " scope window" : " scope windows") + " from configuration"
        + scopes.describeCode() + ")";
  }

  /**
   * The sweep of all the pass's rows under way (background, {@code sweepAll()}, {@code sweep(pass)}), as far as it has
   * got; empty when none is.
   */
  public Optional<SweepInFlight> inFlight() {
    return tenants != null ? tenants.inFlight() : loop.inFlight();
  }

  /**
   * Whether a round over the pass's tenants looks across their schemas at once or each tenant for itself (and why),
   * for the pass's line of the start line; empty for a runtime without tenants.
   */
  public String describeTenantLook() {
    return tenants == null ? "" : tenants.describeLook();
  }

  /** How the tenants are swept, for the start line; empty for a runtime without tenants. */
  public String describeTenants() {
    return pass.environment().tenants().describe();
  }

  /** Whether the runtime sweeps tenant by tenant. */
  public boolean perTenant() {
    return tenants != null;
  }

  /** How the instances on the database agree who sweeps the pass, for the start line. */
  public String describeInstances() {
    return pass.environment().locks().describe();
  }

  /** The statements, and why faster ones were passed over; then whether expired partitions go whole, and why not. */
  public String describeStatements() {
    return choice.describe() + partitions.note().map(note -> "; " + note).orElse("");
  }

  /**
   * Runs one sweep now, in this thread; a sweep of the same pass already running is waited for first. A scoped pass is
   * swept window by window, each group of scopes against its own window and within its share of the sweep.
   *
   * <p>First it takes the pass's lock in the database without waiting ({@link PassLocks}): when another instance holds
   * it, that instance is sweeping the pass, and this sweep is reported skipped, having read nothing. The lock is held
   * until the sweep ends.
   */
  public SweepReport sweep() {
    sweeping.lock();
    try {
      if (tenants != null) {
        return tenants.round();
      }
      PassLocks.Held held;
      try {
        Optional<PassLocks.Held> taken = pass.environment().locks().tryLock(pass.name());
        if (taken.isEmpty()) {
          return notRun(SweepResult.SKIPPED);
        }
        held = taken.get();
      } catch (RuntimeException e) {
        return notRun(SweepResult.failed(new SweepFailedException(pass.name(), "taking its sweep lock",
            passCutoffAt(pass.environment().clock().instant()), e)));
      }
      try (held) {
        Optional<SweepResult> unread = statementsRechecked();
        if (unread.isPresent()) {
          return notRun(unread.get());
        }
        return loop.sweep(SweepRequest.background(pass.settings(), rounds != null));
      }
    } finally {
      sweeping.unlock();
    }
  }

  private Instant passCutoffAt(Instant now) {
    return BatchRun.cutoffOf(now, pass.settings().retention());
  }

  /** The report of a sweep that did not get to run ({@code why}), told to the listener like any other. */
  private SweepReport notRun(SweepResult why) {
    long startNanos = pass.environment().nanoTime();
    Instant now = pass.environment().clock().instant();
    Instant cutoff = passCutoffAt(now);
    pass.environment().listener().sweepStarted(pass.name(), cutoff, pass.settings().dryRun());
    SweepReport report = why.report(pass.name(), now, cutoff, Scope.all(), pass.settings().dryRun(),
        Duration.ofNanos(pass.environment().nanoTime() - startNanos));
    pass.environment().listener().sweepFinished(report);
    return report;
  }

  /**
   * Sweeps the rows of one scope now, in this thread, within {@code max-batches-per-scope} batches and the
   * {@code scope-sweep-budget}, with no pause between batches. Never throws, and never waits: a call for a scope whose
   * sweep is running already comes back at once, with no batch and work left. It takes no lock of the pass: it is
   * bounded by its budget, and its statements skip rows another sweep holds.
   */
  public SweepReport sweepScope(Scope scope) {
    if (tenants != null) {
      throw new IllegalStateException("Pass " + pass.name() + " is swept tenant by tenant: name the tenant");
    }
    if (!inFlight.add(scope)) {
      // Told to no listener: nothing ran.
      Instant now = pass.environment().clock().instant();
      return SweepResult.WORK_LEFT.report(pass.name(), now, now, scope, pass.settings().dryRun(), Duration.ZERO);
    }
    try {
      Optional<SweepResult> unread = statementsRechecked();
      if (unread.isPresent()) {
        return notRun(unread.get());
      }
      return loop.sweep(SweepRequest.onDemand(scope, pass.settings()));
    } finally {
      inFlight.remove(scope);
    }
  }

  /**
   * Reads what the pass's statements were chosen on in the database's catalog, and chooses them again where it changed:
   * before any batch of the sweep. Empty when the sweep may go on; the failed sweep when the catalog cannot be read.
   */
  private Optional<SweepResult> statementsRechecked() {
    try {
      watch.check().ifPresent(chosen -> {
        pass.statements().set(new PassSweep.Statements(chosen.model(), chosen.choice().shape()));
        choice = chosen.choice();
      });
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.of(SweepResult.failed(new SweepFailedException(pass.name(), "reading what its statements rest"
          + " on in the database's catalog", passCutoffAt(pass.environment().clock().instant()), e)));
    }
  }

  /**
   * Sweeps the rows of one tenant (all of them, or one scope's), now, in this thread, bounded as {@link #sweepScope}
   * is, in sessions opened for that tenant. Never waits: neither for another tenant's sweep nor for the background
   * round; a call for a tenant whose on-demand sweep is running comes back at once, with no batch and work left.
   *
   * @throws IllegalStateException when the runtime was given no tenants
   */
  public SweepReport sweepTenant(String tenant, Scope scope) {
    if (tenants == null) {
      throw new IllegalStateException("Pass " + pass.name() + " is not swept tenant by tenant: the runtime was given"
          + " no tenants (RetentionRuntime.Builder.tenants)");
    }
    return tenants.onDemand(tenant, scope);
  }
}
