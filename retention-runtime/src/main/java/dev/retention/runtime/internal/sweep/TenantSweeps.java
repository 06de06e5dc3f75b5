package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.Scope;
import dev.retention.runtime.SweepFailedException;
import dev.retention.runtime.SweepInFlight;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.internal.lock.PassLocks;
import dev.retention.runtime.internal.partition.PartitionPlan;
import dev.retention.runtime.internal.shape.SchemaLook;
import dev.retention.runtime.internal.tenant.TenantAccess;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The sweeps of one pass in a runtime given its tenants: a session sees one tenant's rows, so every sweep is of one
 * tenant, in sessions opened for it ({@link TenantAccess#callAs}), under a lock of that pass and tenant, and reports
 * its tenant.
 *
 * <p>A background round goes over the tenants the application lists now, from the one after where the last round
 * stopped: each tenant's sweep within its share ({@code max-batches-per-scope}) and what is left of the round's bound
 * ({@code max-batches-per-sweep}); a round that reaches its bound stops there, with work left, and the next goes on
 * from the next tenant, so a tenant with a large backlog takes turns with the others. Each tenant has a loop of its own
 * (its scope rounds keep their own place); the pass's batch sizer is shared. A sweep of one tenant on demand (at
 * sign-in) waits for no other tenant's sweep.
 *
 * <p>Where the pass's tenants can be looked at across their schemas ({@link TenantLooks}), a round first asks which
 * are due and visits only those: an idle round is then the look alone, not a session and a look per tenant.
 */
final class TenantSweeps {

  private final PassSweep pass;
  private final BatchSizer sizer;
  private final PartitionPlan partitions;
  private final Map<String, SweepLoop> loops = new ConcurrentHashMap<>();
  /** The tenants (and scopes) being swept on demand, so that calls for one do not pile up. */
  private final Set<OnDemand> onDemand = ConcurrentHashMap.newKeySet();
  /** The tenant the last round stopped after; null before the first. Read and written under the pass's sweep. */
  private @Nullable String place;
  /** The loop of the tenant swept now in the background, for the view of the sweep in flight. */
  private volatile @Nullable SweepLoop current;

  /** Which tenants a round visits, where they can be looked at across their schemas; null: every tenant. */
  private final @Nullable TenantLooks looks;
  private final String lookDescription;

  TenantSweeps(PassSweep pass, BatchSizer sizer, PartitionPlan partitions, SchemaLook.Decision schemaLook) {
    this.pass = pass;
    this.sizer = sizer;
    this.partitions = partitions;
    this.looks = schemaLook.look().map(look -> new TenantLooks(pass, look)).orElse(null);
    this.lookDescription = TenantLooks.describe(schemaLook);
  }

  /** Whether a round looks across the tenants' schemas first, for the start line. */
  String describeLook() {
    return looks == null ? lookDescription : looks.describe();
  }

  /** The background sweep of the tenant being swept now, as far as it has got; empty when none is. */
  Optional<SweepInFlight> inFlight() {
    SweepLoop loop = current;
    return loop == null ? Optional.empty() : loop.inFlight();
  }

  /**
   * One round over the tenants, each tenant's sweep told to the listener with its tenant. Returns the round's summary,
   * which is told to no listener (each of its sweeps was): the rows and batches of all, work left when a tenant had
   * some or the round stopped before its end, the first failure, skipped when a tenant's lock was held by another
   * instance and nothing else is to report. Never throws.
   */
  SweepReport round() {
    long startNanos = pass.environment().nanoTime();
    Instant now = pass.environment().clock().instant();
    Instant cutoff = BatchRun.cutoffOf(now, pass.settings().retention());
    List<String> tenants;
    try {
      tenants = pass.environment().tenants().tenants();
    } catch (Throwable e) {
      return summary(now, cutoff, startNanos).failure(new SweepFailedException(pass.name(), "listing its tenants",
          cutoff, e)).build();
    }
    int start = place == null ? 0 : tenants.indexOf(place) + 1; // a tenant no longer listed: from the first
    int left = pass.settings().maxBatchesPerSweep();
    long deleted = 0;
    int batches = 0;
    boolean workLeft = false;
    boolean skipped = false;
    @Nullable SweepReport stalled = null;
    @Nullable Throwable failure = null;
    // Where the tenants' schemas are looked at together, only those the look says hold expired rows are visited.
    @Nullable Set<String> due = looks == null ? null : looks.due(tenants, cutoff);
    for (int step = 0; step < tenants.size(); step++) {
      String tenant = tenants.get((start + step) % tenants.size());
      if (due != null && !due.contains(tenant)) {
        continue;
      }
      if (left <= 0 || pass.environment().stopSignal().stopRequested()) {
        workLeft = true; // the rest of the round waits for the next
        break;
      }
      SweepReport report = background(tenant, Math.min(left, pass.settings().maxBatchesPerScope()));
      if (looks != null) {
        looks.swept(tenant, report);
      }
      place = tenant;
      deleted += report.deleted();
      batches += report.batches();
      // Batches only: a tenant with nothing expired costs its look, not a share of the bound, so an idle round goes
      // over every tenant once and the pass then waits its interval.
      left -= report.batches();
      workLeft |= report.workRemains();
      skipped |= report.skipped();
      if (failure == null && report.failure().isPresent()) {
        failure = report.failure().get();
      }
      if (stalled == null && report.noProgress().isPresent()) {
        stalled = report;
      }
    }
    SweepReport.Builder summary = summary(now, cutoff, startNanos).deleted(deleted).batches(batches)
        .workRemains(workLeft && failure == null).failure(failure);
    if (failure == null && deleted == 0 && stalled != null) {
      summary.noProgress(stalled.noProgress().get(), "tenant " + stalled.tenant().orElse("")
          + stalled.noProgressReason().map(reason -> ": " + reason).orElse(""));
    } else if (failure == null && skipped && !workLeft && deleted == 0) {
      summary.skipped(true); // retried soon: another instance held a tenant's lock
    }
    return summary.build();
  }

  /**
   * One tenant's rows now (one scope's, or all), bounded like a scope's on demand; another call for the same tenant and
   * scope comes back at once. All the rows of a scoped pass go scope by scope, each by its own window, in a round of
   * their own that leaves the background's place and batch size alone.
   */
  SweepReport onDemand(String tenant, Scope scope) {
    OnDemand key = new OnDemand(tenant, scope);
    if (!onDemand.add(key)) {
      Instant now = pass.environment().clock().instant();
      return SweepResult.WORK_LEFT.report(pass.name(), now, now, scope, Optional.of(tenant),
          pass.settings().dryRun(), Duration.ZERO);
    }
    try {
      if (scope.isAll() && pass.scoped()) {
        SweepLoop once = new SweepLoop(pass, sizer.fixedAtCurrentSize(), partitions, new ScopeRounds(pass));
        return pass.environment().tenants().callAs(tenant,
            () -> once.sweep(SweepRequest.onDemandRounds(tenant, pass.settings())));
      }
      return pass.environment().tenants().callAs(tenant,
          () -> loopOf(tenant).sweep(SweepRequest.onDemand(tenant, scope, pass.settings())));
    } finally {
      onDemand.remove(key);
    }
  }

  /** A sweep on demand: of one tenant, and of one scope or all. */
  private record OnDemand(String tenant, Scope scope) {}

  /** The background sweep of one tenant, under the lock of the pass and that tenant; never throws. */
  private SweepReport background(String tenant, int maxBatches) {
    Instant now = pass.environment().clock().instant();
    Instant cutoff = BatchRun.cutoffOf(now, pass.settings().retention());
    PassLocks.Held held;
    try {
      Optional<PassLocks.Held> taken = pass.environment().locks().tryLock(lockName(pass.name(), tenant));
      if (taken.isEmpty()) {
        return notRun(tenant, SweepResult.SKIPPED);
      }
      held = taken.get();
    } catch (RuntimeException e) {
      return notRun(tenant, SweepResult.failed(new SweepFailedException(pass.name(), "tenant " + tenant
          + ", taking its sweep lock", cutoff, e)));
    }
    try (held) {
      SweepLoop loop = loopOf(tenant);
      current = loop;
      try {
        return pass.environment().tenants().callAs(tenant, () -> {
          if (looks != null) {
            looks.learn(tenant);
          }
          return loop.sweep(SweepRequest.tenantShare(pass.settings(), pass.scoped(), tenant, maxBatches));
        });
      } finally {
        current = null;
      }
    } catch (Throwable e) {
      // The application's TenantRunner threw, or returned without running the sweep.
      return notRun(tenant, SweepResult.failed(new SweepFailedException(pass.name(), "tenant " + tenant, cutoff, e)));
    }
  }

  /**
   * The name of the lock of {@code pass} for {@code tenant}: each tenant's own, so that instances, and runtimes of one
   * schema each, never skip each other's tenants.
   */
  static String lockName(String pass, String tenant) {
    return pass + "@" + tenant;
  }

  private SweepLoop loopOf(String tenant) {
    return loops.computeIfAbsent(tenant, name -> new SweepLoop(pass, sizer, partitions,
        pass.scoped() ? new ScopeRounds(pass) : null));
  }

  private SweepReport notRun(String tenant, SweepResult why) {
    long startNanos = pass.environment().nanoTime();
    Instant now = pass.environment().clock().instant();
    Instant cutoff = BatchRun.cutoffOf(now, pass.settings().retention());
    pass.environment().listener().sweepStarted(pass.name(), cutoff, pass.settings().dryRun());
    SweepReport report = why.report(pass.name(), now, cutoff, Scope.all(), Optional.of(tenant),
        pass.settings().dryRun(), Duration.ofNanos(pass.environment().nanoTime() - startNanos));
    pass.environment().listener().sweepFinished(report);
    return report;
  }

  private SweepReport.Builder summary(Instant now, Instant cutoff, long startNanos) {
    return SweepReport.builder(pass.name(), now, cutoff).dryRun(pass.settings().dryRun())
        .duration(Duration.ofNanos(pass.environment().nanoTime() - startNanos));
  }
}
