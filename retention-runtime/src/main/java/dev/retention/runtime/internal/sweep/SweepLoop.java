package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.Scope;
import dev.retention.runtime.SweepInFlight;
import dev.retention.runtime.SweepFailedException;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.internal.partition.PartitionPlan;
import dev.retention.runtime.internal.partition.PartitionSweep;
import dev.retention.runtime.internal.pass.ScopeGroup;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The one loop every sweep of a pass runs, whatever its {@link SweepRequest}: the scopes it goes through (the whole
 * pass, the due scopes of a round in groups that share a window, or one scope), each in a {@link BatchRun} within its
 * share of the sweep's batches, every step's outcome folded into one {@link SweepResult} by its one merge rule, and the
 * report made from the last fold. After each group the sweep goes on with the next when nothing expired is left in it,
 * when its own share ran out (it waits for a later sweep), when a batch of it deleted nothing while its rows were left
 * (another transaction holds them: they wait for a later sweep, and hold back no other scope), or when its window could
 * not be read (its rows stay; the others are not held back); it stops when a batch failed, when it reached its bound or deadline with rows left, or
 * when the runtime closes. A group whose values turn out not to share a window (a collation's equal with a longer one)
 * is swept again one value at a time.
 */
final class SweepLoop {

  private final PassSweep pass;
  /** Sizes the batches of the pass's background sweeps, so that a sweep starts where the last ended. */
  private final BatchSizer sizer;
  /** Whether expired partitions go whole before the batches of the whole pass. */
  private final PartitionPlan partitions;
  /** The rounds of a scoped pass's background sweeps; null for a pass without a scope attribute. */
  private final @Nullable ScopeRounds rounds;
  /** The sweep of all the pass's rows under way, for the application's view. */
  private final InFlight inFlight = new InFlight();

  SweepLoop(PassSweep pass, BatchSizer sizer, PartitionPlan partitions, @Nullable ScopeRounds rounds) {
    this.pass = pass;
    this.sizer = sizer;
    this.partitions = partitions;
    this.rounds = rounds;
  }

  /** The sweep of all the pass's rows under way, as far as it has got; empty when none is. */
  Optional<SweepInFlight> inFlight() {
    return inFlight.now();
  }

  /** Runs {@code request} now, in this thread, telling the listener when it starts and finishes. Never throws. */
  SweepReport sweep(SweepRequest request) {
    Instant now = pass.environment().clock().instant();
    Instant passCutoff = BatchRun.cutoffOf(now, pass.settings().retention());
    // On-demand sweeps of one scope run beside the pass's own, many at once: they are not the pass's sweep in flight.
    InFlight progress = request.kind() == SweepRequest.Kind.ONE_SCOPE ? new InFlight() : inFlight;
    progress.started(pass.name(), now, passCutoff);
    try {
      return sweep(request, now, passCutoff, progress);
    } finally {
      progress.ended();
    }
  }

  private SweepReport sweep(SweepRequest request, Instant now, Instant passCutoff, InFlight progress) {
    long startNanos = pass.environment().nanoTime();
    long deadline = request.budget().map(budget -> startNanos + budget.toNanos()).orElse(BatchRun.NO_DEADLINE);
    // An on-demand sweep may run beside the background ones and beside others: its batches keep the size the pass's
    // sweeps reached, and leave the pass's sizer to its background sweeps.
    BatchSizer sizes = request.kind() == SweepRequest.Kind.ONE_SCOPE ? sizer.fixedAtCurrentSize() : sizer;
    // The report's cutoff: the pass's, or the one scope's (its window, widened as its batches found).
    Instant cutoff = passCutoff;
    boolean started = false;
    SweepResult result = SweepResult.NOTHING;
    Deque<ScopeRounds.DueScopes> work = new ArrayDeque<>();
    if (request.kind() == SweepRequest.Kind.SCOPE_ROUNDS) {
      tellStarted(passCutoff);
      started = true;
      try {
        work.addAll(rounds().groupsToSweep(now, (long) request.maxBatchesPerScope() * sizes.nextSize()));
      } catch (Throwable e) {
        result = SweepResult.failed(new SweepFailedException(pass.name(), "finding the scopes with expired rows",
            passCutoff, e));
      }
    } else {
      work.add(dueNow(request.scope()));
    }
    boolean wentThrough = !result.failed();
    while (!work.isEmpty()) {
      ScopeRounds.DueScopes due = work.removeFirst();
      if (due.windowFailure().isPresent()) {
        if (!started) {
          tellStarted(passCutoff);
          started = true;
        }
        // Its rows stay; the other scopes are not held back by one scope's window.
        result = result.plus(SweepResult.failed(new SweepFailedException(pass.name(), due.scopes() + ", its window",
            passCutoff, due.windowFailure().get())));
        wentPast(request, due.scopes(), false);
        continue;
      }
      BatchRun run = new BatchRun(pass, due.scopes(), now, due.window(), sizes, progress);
      if (request.kind() == SweepRequest.Kind.ONE_SCOPE) {
        cutoff = run.cutoff();
      }
      if (!started) {
        tellStarted(cutoff);
        started = true;
      }
      if (pass.environment().stopSignal().stopRequested()) {
        result = result.plus(SweepResult.WORK_LEFT);
        wentThrough = false;
        break;
      }
      int share = Math.min(request.maxBatchesPerScope(), request.maxBatches() - result.batches());
      if (share <= 0) {
        result = result.plus(SweepResult.WORK_LEFT);
        wentThrough = false;
        break;
      }
      if (request.kind() == SweepRequest.Kind.WHOLE_PASS && partitions.sweep().isPresent() && !run.keepsEveryRow()) {
        SweepResult checked = run.checkEpochValues(result);
        result = result.plus(checked);
        if (checked.failed()) {
          result = result.plus(run.lag(result.failure()));
          wentThrough = false;
          break;
        }
        if (run.wholePartitionsMayGo(result)) {
          result = result.plus(dropExpiredPartitions(partitions.sweep().get(), run, passCutoff));
        }
      }
      // A round's groups were found with expired rows by its grouped read; a whole pass or one scope looks first, so
      // that a sweep with nothing to delete runs no batch, whatever its statement.
      BatchRun.Ran ran = run.drain(result, share, deadline, request.pausesBetweenBatches(),
          request.kind() != SweepRequest.Kind.SCOPE_ROUNDS);
      result = result.plus(ran.result());
      if (ran.split()) {
        // A spelling the database takes for one of the group's values has a longer window: nothing was deleted, and
        // the values go one by one, each by the longest window among its own spellings.
        List<ScopeRounds.DueScopes> oneByOne = due.oneByOne();
        for (int index = oneByOne.size() - 1; index >= 0; index--) {
          work.addFirst(oneByOne.get(index));
        }
        continue;
      }
      if (request.kind() == SweepRequest.Kind.ONE_SCOPE) {
        cutoff = run.cutoff(); // later, when the scope's window grew to that of a value the database matched
      }
      if (ran.result().failed()) {
        wentThrough = false;
        break;
      }
      boolean rowsLeft = ran.result().workRemains();
      // Rows another transaction holds (or that moved under the batch) hold back only their own group: the round goes
      // on with the next, whose rows they do not hold, and the sweep that ends it says work remains. Stopping there
      // would leave every later scope's expired rows for as long as the lock lasts.
      if (rowsLeft && !ran.held() && !(ran.shareSpent() && share == request.maxBatchesPerScope())) {
        wentThrough = false; // stopped at the sweep's bound or deadline, or by the runtime closing
        break;
      }
      wentPast(request, due.scopes(), rowsLeft);
    }
    if (request.kind() == SweepRequest.Kind.SCOPE_ROUNDS && wentThrough && rounds().roundEnded()) {
      result = result.plus(SweepResult.WORK_LEFT);
    }
    if (!started) {
      tellStarted(cutoff);
    }
    pass.pacing().sweepEnded(result.paced());
    SweepReport report = result.report(pass.name(), now, cutoff, request.scope(), request.tenant(),
        pass.settings().dryRun(), Duration.ofNanos(pass.environment().nanoTime() - startNanos));
    pass.environment().listener().sweepFinished(report);
    return report;
  }

  /** The rounds of a scoped pass: only its scope rounds ask. */
  private ScopeRounds rounds() {
    if (rounds == null) {
      throw new IllegalStateException("Pass " + pass.name() + " has no @TtlScope attribute: it sweeps no scope rounds");
    }
    return rounds;
  }

  private void tellStarted(Instant cutoff) {
    pass.environment().listener().sweepStarted(pass.name(), cutoff, pass.settings().dryRun());
  }

  /** Tells the round, when the sweep is one, that the sweep is done with {@code scopes}. */
  private void wentPast(SweepRequest request, ScopeGroup scopes, boolean rowsLeft) {
    if (request.kind() == SweepRequest.Kind.SCOPE_ROUNDS) {
      rounds().wentPast(scopes, rowsLeft);
    }
  }

  /** The whole pass, or one scope on demand, at its window now; or why that window could not be read. */
  private ScopeRounds.DueScopes dueNow(Scope scope) {
    ScopeGroup scopes = ScopeGroup.of(scope);
    try {
      return ScopeRounds.DueScopes.at(scopes, scope.isAll() ? pass.settings().retention()
          : pass.scopes().windowOf(scope));
    } catch (RuntimeException e) {
      // The application's windows threw: windowOf says so in an IllegalStateException, whatever they threw.
      return new ScopeRounds.DueScopes(scopes, Duration.ZERO, Optional.of(e));
    }
  }

  /**
   * Drops (or detaches, or in a dry run lists) the partitions whose whole range is expired, before the batches. A lock
   * not had in time leaves its partition for the next sweep and work remaining; any other failure is the sweep's, and
   * the batches still delete the expired rows the partitions kept.
   */
  private SweepResult dropExpiredPartitions(PartitionSweep step, BatchRun run, Instant cutoff) {
    try {
      PartitionSweep.Result dropped = step.run(pass.environment().emf(), pass.environment().transactions(),
          pass.settings().batchTimeout(), run.cutoffValue(), pass.settings().dryRun());
      return SweepResult.partitions(dropped.partitions(), dropped.rows(), dropped.workRemains());
    } catch (Throwable e) {
      return SweepResult.failed(new SweepFailedException(pass.name(), "dropping its expired partitions", cutoff, e));
    }
  }
}
