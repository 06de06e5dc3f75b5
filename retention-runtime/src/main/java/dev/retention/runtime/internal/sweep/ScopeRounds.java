package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.Scope;
import dev.retention.runtime.SweepFailedException;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.internal.shape.Reads;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The background sweeps of a scoped pass: the scopes in the order of their values, found one index probe at a time (the
 * first scope value above the last, one row in order), each swept against its own window for at most
 * {@code max-batches-per-scope} batches, then the rows without a scope. When a sweep reaches
 * {@code max-batches-per-sweep}, the next one starts at the scope it stopped in, so every scope gets its turn however
 * large the first ones are. Called by one sweep at a time.
 */
final class ScopeRounds {

  private final PassSweep pass;
  /** The scope value after which the next sweep starts; null: the first scope. */
  private Object resumeAfter;
  /**
   * Whether a scope of the round under way (the scopes from the first to the last, over as many sweeps as it takes)
   * was left with rows when its share ran out. The sweep that ends the round reports work left for them: it may have
   * begun past them, where the sweep before it stopped.
   */
  private boolean roundLeftWork;

  ScopeRounds(PassSweep pass) {
    this.pass = pass;
  }

  SweepReport sweep(BatchSizer sizer) {
    Instant now = pass.environment().clock().instant();
    Tally total = new Tally(pass.environment(), pass.name(), now, BatchRun.cutoffOf(now, pass.settings().retention()), Scope.all(),
        pass.settings().dryRun());
    total.start(pass.environment().listener());
    Object after = resumeAfter;
    if (after == null) {
      roundLeftWork = false;
    }
    while (true) {
      if (pass.environment().stopSignal().stopRequested()) {
        total.workRemains = true;
        return stopBefore(after, total);
      }
      Optional<Object> next;
      try {
        Object previous = after;
        next = pass.environment().transactions().read(pass.environment().emf(), pass.settings().batchTimeout(),
            em -> Reads.nextScope(em, pass.model(), previous));
      } catch (RuntimeException | Error e) {
        total.failure = new SweepFailedException(pass.name(), "finding the scope after " + after, total.cutoff, e);
        return stopBefore(after, total);
      }
      if (!sweepOne(Scope.of(next.orElse(null)), now, total, sizer)) {
        return stopBefore(after, total);
      }
      if (next.isEmpty()) {
        resumeAfter = null;
        total.moreLater |= roundLeftWork;
        return total.finish(pass.environment().listener());
      }
      after = next.get();
    }
  }

  /** Ends the sweep before the scope after {@code after} is done: the next sweep starts with it. */
  private SweepReport stopBefore(Object after, Tally total) {
    resumeAfter = after;
    return total.finish(pass.environment().listener());
  }

  /**
   * Sweeps one scope within its share and what is left of the sweep's.
   *
   * @return whether the sweep goes on to the next scope: false when it reached its bound, a batch failed, or the
   *     runtime is closing
   */
  private boolean sweepOne(Scope scope, Instant now, Tally total, BatchSizer sizer) {
    int perScope = pass.settings().maxBatchesPerScope();
    int share = Math.min(perScope, pass.settings().maxBatchesPerSweep() - total.batches);
    if (share <= 0) {
      total.workRemains = true;
      return false;
    }
    Duration window;
    try {
      window = pass.scopes().windowOf(scope);
    } catch (RuntimeException e) {
      // Its rows stay; the other scopes are not held back by one scope's window.
      total.failure = new SweepFailedException(pass.name(), scope + ", its window", total.cutoff, e);
      return true;
    }
    BatchRun run = new BatchRun(pass, total, scope, now, window, sizer);
    boolean shareSpent = run.drain(share, BatchRun.NO_DEADLINE, true);
    Optional<Duration> lag = run.failure() == null ? run.lag() : Optional.empty();
    total.add(run);
    if (run.failure() != null) {
      return false;
    }
    total.lagAtLeast(lag);
    if (!run.workRemains()) {
      return true;
    }
    if (shareSpent && share == perScope) {
      // Its share is spent; the sweep goes on with the next scope and says that work remains.
      total.moreLater = true;
      roundLeftWork = true;
      return true;
    }
    total.workRemains = true;
    return false;
  }
}
