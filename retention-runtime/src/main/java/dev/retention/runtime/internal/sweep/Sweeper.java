package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.Cutoff;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.Scope;
import dev.retention.runtime.SweepFailedException;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.internal.scope.ScopeValues;
import dev.retention.runtime.internal.scope.ScopeWindowing;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Sweeps one pass: computes the cutoff once, then deletes in bounded batches, each in its own transaction, until a
 * batch comes back short, the sweep reaches its bound, a batch fails, or the runtime closes. Never throws: every outcome
 * is a {@link SweepReport}. A pass with a scope attribute is swept scope by scope, each against its own cutoff.
 */
public final class Sweeper {

  private static final System.Logger LOGGER = System.getLogger(Sweeper.class.getName());

  /** What every sweeper of one runtime shares. */
  public record Environment(EntityManagerFactory emf, BatchTransactions transactions, Clock clock, ZoneId zone,
      SweepListener listener, StopSignal stopSignal) {}

  /** How many times a batch runs before a deadlock it loses counts as a failure. */
  static final int DEADLOCK_ATTEMPTS = 5;

  /** The longest pause before running a batch again after a deadlock, times the attempt; the pause is random. */
  static final Duration DEADLOCK_PAUSE = Duration.ofMillis(40);

  private final Environment environment;
  private final RetentionPass<?> pass;
  private final PassSettings settings;
  private final StatementShapes.Choice choice;
  private final StatementShape shape;
  private final BatchBound.Rows rowsPerBatch;
  /** Sizes the batches of every sweep of the pass (when batch-target is set), so a sweep starts where the last ended. */
  private final BatchSizer sizer;
  private final ReentrantLock sweeping = new ReentrantLock();
  /** The windows of a scoped pass's scopes; null for a pass without a scope attribute. */
  private final ScopeWindowing scopes;
  /** The scopes being swept on demand, so that calls for one scope do not pile up. */
  private final Set<Scope> inFlight = ConcurrentHashMap.newKeySet();
  /** The scope value after which the next background sweep of a scoped pass starts; null: the first scope. */
  private Object resumeAfter;
  /**
   * Whether a scope of the round under way (the scopes from the first to the last, over as many sweeps as it takes)
   * was left with rows when its share ran out. The sweep that ends the round reports work left for them: it may have
   * begun past them, where the sweep before it stopped.
   */
  private boolean roundLeftWork;

  /**
   * @param choice the statements the pass deletes with
   * @param bound the most rows one batch of those statements may take; a smaller {@code batch-size} is kept
   */
  public Sweeper(Environment environment, RetentionPass<?> pass, PassSettings settings, StatementShapes.Choice choice,
      BatchBound bound) {
    this(environment, pass, settings, choice, bound, null);
  }

  /**
   * @param scopes the windows of the pass's scopes; null for a pass without a scope attribute
   */
  public Sweeper(Environment environment, RetentionPass<?> pass, PassSettings settings, StatementShapes.Choice choice,
      BatchBound bound, ScopeWindowing scopes) {
    this.environment = environment;
    this.scopes = scopes;
    this.pass = pass;
    this.settings = settings;
    this.choice = choice;
    this.shape = choice.shape();
    // With batch-size set, that size, unless the statements cannot take it; otherwise sized, up to what they can take.
    this.rowsPerBatch = bound.rowsFor(pass, shape,
        settings.batchSizeFixed() ? settings.batchSize() : RetentionOption.MAX_BATCH_SIZE);
    this.sizer = BatchSizer.of(settings, rowsPerBatch.rows());
  }

  public RetentionPass<?> pass() {
    return pass;
  }

  public PassSettings settings() {
    return settings;
  }

  public StatementShape shape() {
    return shape;
  }

  /** The values of the pass's scope attribute; only for a pass that has one. */
  public ScopeValues scopeValues() {
    if (scopes == null) {
      throw new IllegalStateException("Pass " + pass.name() + " has no @TtlScope attribute");
    }
    return scopes.values();
  }

  /** How the pass's scopes are swept, for the start line; empty for a pass without a scope attribute. */
  public String describeScopes() {
    if (scopes == null) {
      return "";
    }
    return ", scope by scope of " + scopes.values().attribute() + " (at most "
        + settings.maxBatchesPerScope() + (settings.maxBatchesPerScope() == 1 ? " batch" : " batches")
        + " each per sweep; " + scopes.configuredScopes()
        + (scopes.configuredScopes() == 1 ? " scope window" : " scope windows") + " from configuration"
        + (scopes.hasCodeWindows() ? ", the others from code" : "") + ")";
  }

  /** The most rows one batch deletes: {@code batch-size}, or fewer where the statement's parameters bound it. */
  public int rowsPerBatch() {
    return rowsPerBatch.rows();
  }

  /** The statements, why faster ones were passed over, and what bounds a batch below {@code batch-size}. */
  public String describeStatements() {
    return choice.describe() + rowsPerBatch.note().map(note -> "; " + note).orElse("");
  }

  /**
   * Runs one sweep now, in this thread; a sweep of the same pass already running is waited for first. A scoped pass is
   * swept scope by scope, each against its own window and within its share of the sweep.
   */
  public SweepReport sweep() {
    sweeping.lock();
    try {
      if (scopes == null) {
        Run run = new Run(Scope.all(), environment.clock().instant(), settings.retention());
        run.start();
        run.drain(settings.maxBatchesPerSweep(), NO_DEADLINE, true);
        return run.finish(run.lag());
      }
      return new ScopeRounds().sweep();
    } finally {
      sweeping.unlock();
    }
  }

  /**
   * Sweeps the rows of one scope now, in this thread, within {@code max-batches-per-scope} batches and the
   * {@code scope-sweep-budget}, with no pause between batches. Never throws, and never waits: a call for a scope whose
   * sweep is running already comes back at once, with no batch and work left.
   */
  public SweepReport sweepScope(Scope scope) {
    Instant startedAt = environment.clock().instant();
    if (!inFlight.add(scope)) {
      return new SweepReport(pass.name(), startedAt, startedAt, 0, 0, true, settings.dryRun(), Duration.ZERO,
          Optional.empty(), Optional.empty(), scope);
    }
    try {
      Duration window;
      try {
        window = scopes.windowOf(scope);
      } catch (RuntimeException e) {
        Run failed = new Run(scope, startedAt, settings.retention(), null, sizer);
        failed.start();
        failed.failure = new SweepFailedException(pass.name(), scope + ", its window", startedAt, e);
        return failed.finish(Optional.empty());
      }
      // Batches of the size the pass's sweeps reached, fixed: the pass's sizer belongs to its background sweeps, and
      // on-demand sweeps may run alongside them and each other.
      Run run = new Run(scope, startedAt, window, null, sizer.fixedAtCurrentSize());
      run.start();
      run.drain(settings.maxBatchesPerScope(), run.startNanos + settings.scopeSweepBudget().toNanos(), false);
      return run.finish(run.lag());
    } finally {
      inFlight.remove(scope);
    }
  }

  /** A deadline no sweep reaches. */
  private static final long NO_DEADLINE = Long.MAX_VALUE;

  /** Whether {@code deadlineNanos}, a {@code System.nanoTime()} value, has passed; never for {@link #NO_DEADLINE}. */
  private static boolean pastDeadline(long deadlineNanos) {
    // nanoTime's origin is arbitrary and may be negative: deadlines are compared by difference, as its javadoc says.
    return deadlineNanos != NO_DEADLINE && System.nanoTime() - deadlineNanos >= 0;
  }

  /**
   * One background sweep of a scoped pass: the scopes in the order of their values, found one index probe at a time
   * (the first scope value above the last, one row in order), each swept against its own window for at most {@code max-batches-per-scope} batches,
   * then the rows without a scope. When the sweep reaches {@code max-batches-per-sweep}, the next one starts at the
   * scope it stopped in, so every scope gets its turn however large the first ones are.
   */
  private final class ScopeRounds {
    private final Run total = new Run(Scope.all(), environment.clock().instant(), settings.retention());
    private Optional<Duration> lag = Optional.empty();

    SweepReport sweep() {
      total.start();
      Object after = resumeAfter;
      if (after == null) {
        roundLeftWork = false;
      }
      while (true) {
        if (environment.stopSignal().stopRequested()) {
          total.workRemains = true;
          return stopBefore(after);
        }
        Optional<Object> next;
        try {
          Object previous = after;
          next = total.read(em -> pass.nextScopeValue(em, previous));
        } catch (RuntimeException | Error e) {
          total.failure = new SweepFailedException(pass.name(), "finding the scope after " + after,
              total.cutoff.instant(), e);
          return stopBefore(after);
        }
        if (!sweepOne(Scope.of(next.orElse(null)))) {
          return stopBefore(after);
        }
        if (next.isEmpty()) {
          resumeAfter = null;
          total.moreLater |= roundLeftWork;
          return total.finish(lag);
        }
        after = next.get();
      }
    }

    /** Ends the sweep before the scope after {@code after} is done: the next sweep starts with it. */
    private SweepReport stopBefore(Object after) {
      resumeAfter = after;
      return total.finish(lag);
    }

    /**
     * Sweeps one scope within its share and what is left of the sweep's.
     *
     * @return whether the sweep goes on to the next scope: false when it reached its bound, a batch failed, or the
     *     runtime is closing
     */
    private boolean sweepOne(Scope scope) {
      int share = Math.min(settings.maxBatchesPerScope(), settings.maxBatchesPerSweep() - total.batches);
      if (share <= 0) {
        total.workRemains = true;
        return false;
      }
      Duration window;
      try {
        window = scopes.windowOf(scope);
      } catch (RuntimeException e) {
        // Its rows stay; the other scopes are not held back by one scope's window.
        total.failure = new SweepFailedException(pass.name(), scope + ", its window", total.cutoff.instant(), e);
        return true;
      }
      Run run = total.forScope(scope, window);
      boolean shareSpent = run.drain(share, NO_DEADLINE, true);
      Optional<Duration> scopeLag = run.failure == null ? run.lag() : Optional.empty();
      total.add(run);
      if (run.failure != null) {
        return false;
      }
      lag = longer(lag, scopeLag);
      if (!run.workRemains) {
        return true;
      }
      if (shareSpent && share == settings.maxBatchesPerScope()) {
        // Its share is spent; the sweep goes on with the next scope and says that work remains.
        total.moreLater = true;
        roundLeftWork = true;
        return true;
      }
      total.workRemains = true;
      return false;
    }
  }

  private static Optional<Duration> longer(Optional<Duration> a, Optional<Duration> b) {
    if (a.isEmpty()) {
      return b;
    }
    return b.isPresent() && b.get().compareTo(a.get()) > 0 ? b : a;
  }

  /** The batches of one sweep over the rows of one scope (all of them, for a pass without scopes). */
  private final class Run {
    private final Scope scope;
    private final Instant startedAt;
    private final long startNanos = System.nanoTime();
    private final Cutoff cutoff;
    /** The sweep this run is part of, which numbers the batches and tells the listener; this run itself if none. */
    private final Run parent;
    private long deleted;
    private int batches;
    private boolean workRemains;
    /** A scope of the sweep kept rows for a later sweep, though the sweep went on to other scopes. */
    private boolean moreLater;
    private RuntimeException failure;
    /** Whether the sweep this run is (or is part of) checked its epoch values already. */
    private boolean epochValuesChecked;
    /** The oldest expired row found after the last batch, when that was looked up already. */
    private Optional<Instant> oldestAfterLastBatch;

    /** Sizes this run's batches. */
    private final BatchSizer sizer;

    Run(Scope scope, Instant startedAt, Duration window) {
      this(scope, startedAt, window, null, Sweeper.this.sizer);
    }

    private Run(Scope scope, Instant startedAt, Duration window, Run parent, BatchSizer sizer) {
      this.scope = scope;
      this.startedAt = startedAt;
      this.cutoff = Cutoff.of(startedAt.minus(window), environment.zone());
      this.parent = parent;
      this.sizer = sizer;
    }

    /** A run over one scope, with its own window, as part of this sweep. */
    Run forScope(Scope scope, Duration window) {
      return new Run(scope, startedAt, window, this, sizer);
    }

    void start() {
      environment.listener().sweepStarted(pass.name(), cutoff.instant(), settings.dryRun());
    }

    void add(Run scopeRun) {
      deleted += scopeRun.deleted;
      if (scopeRun.failure != null) {
        failure = scopeRun.failure;
      }
    }

    SweepReport finish(Optional<Duration> lag) {
      SweepReport report = new SweepReport(pass.name(), startedAt, cutoff.instant(), deleted, batches,
          workRemains || moreLater, settings.dryRun(), Duration.ofNanos(System.nanoTime() - startNanos), lag,
          Optional.ofNullable(failure), scope);
      environment.listener().sweepFinished(report);
      return report;
    }

    private String step(String what) {
      return scope.isAll() ? what : scope + ", " + what;
    }

    /**
     * Deletes (or, in a dry run, counts) this run's expired rows, at most {@code maxBatches} batches, starting none
     * after {@code deadlineNanos}.
     *
     * @return whether it stopped at {@code maxBatches} with rows left
     */
    boolean drain(int maxBatches, long deadlineNanos, boolean pauseBetweenBatches) {
      if (!epochValuesPlausible()) {
        return false;
      }
      if (settings.dryRun()) {
        countInsteadOfDeleting();
        return false;
      }
      return deleteInBatches(maxBatches, deadlineNanos, pauseBetweenBatches);
    }

    /**
     * Once a sweep, before its first row is deleted or counted: stored epoch values that the declared unit misreads
     * fail the sweep and keep every row ({@link EpochPlausibility}).
     */
    private boolean epochValuesPlausible() {
      Run sweep = parent != null ? parent : this;
      if (sweep.epochValuesChecked) {
        return true;
      }
      sweep.epochValuesChecked = true;
      try {
        read(em -> {
          EpochPlausibility.check(em, pass, settings);
          return null;
        });
        return true;
      } catch (RuntimeException | Error e) {
        failure = new SweepFailedException(pass.name(), step("checking its epoch values"), cutoff.instant(), e);
        return false;
      }
    }

    private void countInsteadOfDeleting() {
      try {
        deleted = read(em -> pass.countExpired(em, cutoff, scope));
      } catch (RuntimeException | Error e) {
        failure = new SweepFailedException(pass.name(), step("the dry-run count"), cutoff.instant(), e);
      }
    }

    private boolean deleteInBatches(int maxBatches, long deadlineNanos, boolean pauseBetweenBatches) {
      Run sweep = parent != null ? parent : this;
      while (true) {
        if (environment.stopSignal().stopRequested()) {
          workRemains = true;
          return false;
        }
        int number = sweep.batches + 1;
        oldestAfterLastBatch = null;
        environment.listener().batchStarted(pass.name(), number);
        long batchStart = System.nanoTime();
        // The size this batch may delete: whether it came back short is judged against it, not the next one's.
        int batchSize = sizer.nextSize();
        int rows;
        try {
          rows = runBatch(batchSize, number);
        } catch (RuntimeException | Error e) {
          sizer.failed(Math.min(batchSize, sizer.nextSize()));
          failure = new SweepFailedException(pass.name(), step("batch " + number), cutoff.instant(), e);
          return false;
        }
        Duration took = Duration.ofNanos(System.nanoTime() - batchStart);
        sweep.batches = number;
        if (sweep != this) {
          batches++;
        }
        deleted += rows;
        sizer.completed(batchSize, rows, took);
        environment.listener().batchCompleted(new BatchReport(pass.name(), number, rows, took, batchSize));
        if (rows == 0) {
          return false;
        }
        if (rows < batchSize) {
          try {
            if (nothingExpiredLeft()) {
              return false;
            }
          } catch (RuntimeException | Error e) {
            failure = new SweepFailedException(pass.name(), step("looking for expired rows left"), cutoff.instant(),
                e);
            return false;
          }
        }
        if (batches >= maxBatches || pastDeadline(deadlineNanos)) {
          workRemains = true;
          return batches >= maxBatches;
        }
        if (pauseBetweenBatches && !environment.stopSignal().pause(settings.batchDelay())) {
          workRemains = true;
          return false;
        }
      }
    }

    /**
     * One batch in its own transaction. A batch the database chose as a deadlock victim was rolled back whole, and is
     * run again after a short random pause, up to {@link #DEADLOCK_ATTEMPTS} times in all: databases expect clients to
     * do so, the pause keeps two instances from colliding again in step, and the rows it selects again are those still
     * unlocked.
     */
    private int runBatch(int firstSize, int number) {
      int size = firstSize;
      for (int attempt = 1; ; attempt++) {
        int attemptSize = size;
        try {
          return environment.transactions().inTransaction(environment.emf(), settings.batchTimeout(),
              em -> shape.purgeBatch(em, pass, cutoff, attemptSize, scope));
        } catch (RuntimeException e) {
          if (attempt >= DEADLOCK_ATTEMPTS || !Deadlocks.isDeadlock(e)) {
            throw e;
          }
          // Met locks: the next attempt takes fewer rows. It can only be shorter than the size the sweep judges the
          // batch by, which at worst costs one look for expired rows left.
          sizer.deadlocked(attemptSize);
          size = Math.min(attemptSize, sizer.nextSize());
          int failedAttempt = attempt;
          LOGGER.log(Level.DEBUG, () -> pass.name() + ": " + step("batch " + number)
              + " lost a deadlock on attempt " + failedAttempt + " and runs again: " + e);
          long pauseMillis = ThreadLocalRandom.current().nextLong(DEADLOCK_PAUSE.toMillis() * attempt + 1);
          if (!environment.stopSignal().pause(Duration.ofMillis(pauseMillis))) {
            throw e;
          }
        }
      }
    }

    /**
     * Whether a short batch drained the backlog. Usually it did; but a batch also comes back short when it skipped rows
     * another transaction held, or left a row whose date moved under it, and those rows are still there for the next
     * batch. Looked up once, and kept for the lag.
     */
    private boolean nothingExpiredLeft() {
      oldestAfterLastBatch = read(em -> pass.oldestExpired(em, cutoff, scope));
      return oldestAfterLastBatch.isEmpty();
    }

    /** A read bounded by the batch timeout, like every statement of a sweep. */
    <T> T read(Function<EntityManager, T> work) {
      return environment.transactions().read(environment.emf(), settings.batchTimeout(), work);
    }

    /** How long the oldest expired row left has been expired: the cutoff minus its attribute. */
    Optional<Duration> lag() {
      try {
        Optional<Instant> oldest = oldestAfterLastBatch != null
            ? oldestAfterLastBatch
            : read(em -> pass.oldestExpired(em, cutoff, scope));
        // A zone-less value is dated by the latest instant it could stand for, which the statements already compared
        // with the cutoff; a Date read through the JVM's zone can still land a little after it, and is then just due.
        return oldest.map(instant -> instant.isAfter(cutoff.instant())
            ? Duration.ZERO
            : Duration.between(instant, cutoff.instant()));
      } catch (RuntimeException | Error e) {
        if (failure != null) {
          failure.addSuppressed(e);
        } else {
          failure = new SweepFailedException(pass.name(), step("measuring the lag"), cutoff.instant(), e);
        }
        return Optional.empty();
      }
    }
  }
}
