package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.Scope;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.SweepFailedException;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.internal.config.Durations;
import dev.retention.runtime.internal.mapping.TextComparison;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.shape.Batch;
import dev.retention.runtime.internal.shape.Reads;
import dev.retention.runtime.internal.database.Deadlocks;
import jakarta.persistence.EntityManager;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * The batches of one sweep over the rows of one scope (all rows, for a pass without scopes), against one cutoff: each
 * batch in its own transaction, until one comes back short with nothing expired left, the run reaches its bound, a batch
 * fails, or the runtime closes. A dry run counts instead.
 *
 * <p>Rows the database takes for one scope go by the longest window among the values it takes as one (a collation's
 * equals: {@code ACME} for {@code acme}). Before its first batch, a run of a text scope whose window another value may
 * outlast reads the spellings stored for it and takes the longest of their windows; and a batch that still selects rows
 * of a value with a longer window (written since) rolls back before it deletes anything, and the run goes on against
 * that window.
 */
final class BatchRun implements Batch.Guard {

  private static final System.Logger LOGGER = System.getLogger(BatchRun.class.getName());

  /** How many times a batch runs before a deadlock it loses counts as a failure. */
  static final int DEADLOCK_ATTEMPTS = 5;

  /** The longest pause before running a batch again after a deadlock, times the attempt; the pause is random. */
  static final Duration DEADLOCK_PAUSE = Duration.ofMillis(40);

  /** A deadline no run reaches. */
  static final long NO_DEADLINE = Long.MAX_VALUE;

  private final PassSweep pass;
  private final Tally sweep;
  private final Scope scope;
  private final Instant now;
  private final BatchSizer sizer;
  private Duration window;
  /** The predicate at the current window; null while the window is never, when no statement runs. */
  private ExpiredRows rows;
  private Instant cutoff;
  /** The values of the scope attribute this run's batches selected, so each is looked up once. */
  private final Set<Object> seenValues = new HashSet<>();
  /** When the batch under way started, by the monotonic source: a hook that returns past its time fails it. */
  private long batchStartNanos;
  private long deleted;
  private int batches;
  private boolean workRemains;
  private RuntimeException failure;
  /** The oldest expired row found after the last batch, when that was looked up already; null when not. */
  private Optional<Object> oldestAfterLastBatch;

  /**
   * @param sweep the sweep this run is part of, which numbers the batches
   * @param now the sweep's {@code now}, from which the cutoff is counted
   * @param window the scope's window, or the pass's
   */
  BatchRun(PassSweep pass, Tally sweep, Scope scope, Instant now, Duration window, BatchSizer sizer) {
    this.pass = pass;
    this.sweep = sweep;
    this.scope = scope;
    this.now = now;
    this.sizer = sizer;
    useWindow(window);
  }

  private void useWindow(Duration newWindow) {
    this.window = newWindow;
    this.cutoff = cutoffOf(now, newWindow);
    this.rows = keepsEveryRow() ? null : pass.model().expiredAt(Cutoff.of(cutoff, pass.environment().zone()), scope,
        pass.settings().epochCheck());
  }

  /** The cutoff of {@code window} at {@code now}: {@link Instant#MIN} for a window of never, which keeps every row. */
  static Instant cutoffOf(Instant now, Duration window) {
    return ScopeWindows.NEVER.equals(window) ? Instant.MIN : now.minus(window);
  }

  /** Whether the window is never: no statement reads or deletes this run's rows. */
  private boolean keepsEveryRow() {
    return ScopeWindows.NEVER.equals(window);
  }

  Instant cutoff() {
    return cutoff;
  }

  /** The cutoff as every row statement of this run binds it. */
  Object cutoffValue() {
    return rows.cutoffValue();
  }

  /**
   * Whether whole partitions may go before this run's batches: not when its window keeps every row, nor when some epoch
   * values are implausible for their unit (judged here, once a sweep), since a partition would take rows the batches'
   * predicate sets aside, and its bound would be misread just as the rows' values.
   */
  boolean wholePartitionsMayGo() {
    return !keepsEveryRow() && epochValuesPlausible();
  }

  long deleted() {
    return deleted;
  }

  boolean workRemains() {
    return workRemains;
  }

  RuntimeException failure() {
    return failure;
  }

  private String step(String what) {
    return scope.isAll() ? what : scope + ", " + what;
  }

  /**
   * Deletes (or, in a dry run, counts) this run's expired rows, at most {@code maxBatches} batches, starting none after
   * {@code deadlineNanos}.
   *
   * @return whether it stopped at {@code maxBatches} with rows left
   */
  boolean drain(int maxBatches, long deadlineNanos, boolean pauseBetweenBatches) {
    if (keepsEveryRow()) {
      return false;
    }
    if (!windowOfStoredSpellings()) {
      return false;
    }
    if (keepsEveryRow()) {
      return false; // a spelling stored for the scope is kept for ever
    }
    epochValuesPlausible();
    if (failure != null) {
      return false; // the epoch check failed
    }
    if (pass.settings().dryRun()) {
      countInsteadOfDeleting();
      return false;
    }
    return deleteInBatches(maxBatches, deadlineNanos, pauseBetweenBatches);
  }

  /**
   * For a text scope whose window another value may outlast: widens the window to the longest among the spellings the
   * database stores for the scope, so that {@code globex} goes by the window of {@code Globex} when the database takes
   * them as one, even where no batch would select a row of {@code Globex}. One read, of the scope's spellings only;
   * scopes at the longest window and values that are not text cost nothing.
   *
   * @return false when the read failed: the run then deletes nothing
   */
  private boolean windowOfStoredSpellings() {
    Object value = scope.value().orElse(null);
    if (!(value instanceof String) || !pass.scopes().anotherValueMayOutlast(window)) {
      return true;
    }
    List<Object> spellings;
    try {
      boolean hashed = pass.environment().textComparison() == TextComparison.BY_COLLATION;
      spellings = read(em -> Reads.scopeSpellings(em, pass.model(), value, hashed));
    } catch (RuntimeException | Error e) {
      failure = new SweepFailedException(pass.name(), step("reading the spellings stored for the scope"), cutoff(), e);
      return false;
    }
    Duration widest = widestOf(spellings);
    if (widest.compareTo(window) > 0) {
      LOGGER.log(Level.DEBUG, () -> pass.name() + ": " + scope + " is stored as " + spellings + ", one value to the"
          + " database; its rows go by the longest window among them, " + Durations.format(widest));
      useWindow(widest);
    }
    return true;
  }

  /** The longest of this run's window and the windows of {@code values} not looked up yet. */
  private Duration widestOf(List<Object> values) {
    Object own = scope.value().orElse(null);
    Duration widest = window;
    for (Object value : values) {
      if (Objects.equals(value, own) || !seenValues.add(value)) {
        continue;
      }
      Duration its = pass.scopes().windowOf(Scope.of(value));
      if (its.compareTo(widest) > 0) {
        widest = its;
      }
    }
    return widest;
  }

  /**
   * Once a sweep, before its first row is deleted or counted: stored epoch values that the declared unit misreads are
   * counted, and their rows set aside (the predicate's floor keeps them; {@link EpochPlausibility}).
   *
   * @return whether every value is plausible, so that whole partitions may go; false too when the count failed, which
   *     fails the sweep
   */
  boolean epochValuesPlausible() {
    if (sweep.epochValuesChecked) {
      return sweep.setAside == 0;
    }
    sweep.epochValuesChecked = true;
    try {
      EpochPlausibility.Finding finding = read(em -> EpochPlausibility.judge(em, pass.model(), pass.settings()));
      sweep.setAside = finding.rows();
      sweep.setAsideReason = finding.reason();
      return finding.plausible();
    } catch (RuntimeException | Error e) {
      failure = new SweepFailedException(pass.name(), step("checking its epoch values"), cutoff(), e);
      return false;
    }
  }

  private void countInsteadOfDeleting() {
    try {
      deleted = read(em -> pass.shape().countExpired(em, rows));
    } catch (RuntimeException | Error e) {
      failure = new SweepFailedException(pass.name(), step("the dry-run count"), cutoff(), e);
    }
  }

  private boolean deleteInBatches(int maxBatches, long deadlineNanos, boolean pauseBetweenBatches) {
    StopSignal stopSignal = pass.environment().stopSignal();
    while (true) {
      if (stopSignal.stopRequested()) {
        workRemains = true;
        return false;
      }
      int number = sweep.batches + 1;
      oldestAfterLastBatch = null;
      pass.environment().listener().batchStarted(pass.name(), number);
      long start = pass.environment().nanoTime();
      // The size this batch may delete: whether it came back short is judged against it, not the next one's.
      int batchSize = sizer.nextSize();
      int deletedNow;
      try {
        deletedNow = runBatch(batchSize, number);
      } catch (RuntimeException | Error e) {
        sizer.failed(Math.min(batchSize, sizer.nextSize()));
        failure = new SweepFailedException(pass.name(), step("batch " + number), cutoff(), e);
        return false;
      }
      Duration took = Duration.ofNanos(pass.environment().nanoTime() - start);
      sweep.batches = number;
      batches++;
      deleted += deletedNow;
      sizer.completed(batchSize, deletedNow, took);
      pass.environment().listener().batchCompleted(BatchReport.of(pass.name(), number, deletedNow, took, batchSize));
      if (deletedNow == 0) {
        // Nothing was expired, or every row the batch selected moved or went under it (another transaction changed
        // it): the run ends either way, without selecting the same rows again at once; but rows still expired are
        // work left for the next sweep, and the report says so.
        try {
          workRemains = !nothingExpiredLeft();
        } catch (RuntimeException | Error e) {
          failure = new SweepFailedException(pass.name(), step("looking for expired rows left"), cutoff(), e);
        }
        return false;
      }
      if (deletedNow < batchSize) {
        try {
          if (nothingExpiredLeft()) {
            return false;
          }
        } catch (RuntimeException | Error e) {
          failure = new SweepFailedException(pass.name(), step("looking for expired rows left"), cutoff(), e);
          return false;
        }
      }
      if (batches >= maxBatches || pastDeadline(deadlineNanos)) {
        workRemains = true;
        return batches >= maxBatches;
      }
      if (pauseBetweenBatches && !stopSignal.pause(pass.settings().batchDelay())) {
        workRemains = true;
        return false;
      }
    }
  }

  /** Whether {@code deadlineNanos}, a monotonic reading, has passed; never for {@link #NO_DEADLINE}. */
  private boolean pastDeadline(long deadlineNanos) {
    // The origin is arbitrary and may be negative: deadlines are compared by difference, as System.nanoTime says.
    return deadlineNanos != NO_DEADLINE && pass.environment().nanoTime() - deadlineNanos >= 0;
  }

  /**
   * One batch in its own transaction. A batch the database chose as a deadlock victim was rolled back whole, and is run
   * again after a short random pause, up to {@link #DEADLOCK_ATTEMPTS} times in all: databases expect clients to do so,
   * the pause keeps two instances from colliding again in step, and the rows it selects again are those still unlocked.
   * A batch that found rows of a longer window rolled back too, and runs again at once against it.
   */
  private int runBatch(int firstSize, int number) {
    int size = firstSize;
    for (int attempt = 1; ; ) {
      int attemptSize = size;
      batchStartNanos = pass.environment().nanoTime();
      if (keepsEveryRow()) {
        return 0; // a value the database matched for the scope has a window of never: nothing of it goes
      }
      try {
        return pass.environment().transactions().inTransaction(pass.environment().emf(),
            pass.settings().batchTimeout(), em -> pass.shape().deleteBatch(em, new Batch(rows, attemptSize, this)));
      } catch (RuntimeException e) {
        if (widened(e)) {
          continue; // the window is wider now; the same batch runs against it, no attempt spent
        }
        if (steppedAside(e)) {
          continue; // its shape gave way to another, which runs the same batch, no attempt spent
        }
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
        if (!pass.environment().stopSignal().pause(Duration.ofMillis(pauseMillis))) {
          throw e;
        }
        attempt++;
      }
    }
  }

  /** Whether {@code e} is, or was caused by, a widened window (a transaction runner may wrap what the batch threw). */
  private static boolean widened(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof Batch.WindowWidened) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code e} is, or was caused by, a shape stepping aside for another. */
  private static boolean steppedAside(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof Batch.SteppedAside) {
        return true;
      }
    }
    return false;
  }

  /**
   * Looks up the window of every value of the scope attribute the batch selected that differs from the scope's own
   * (the database matched it for the scope: a collation's equal). One with a longer window widens this run's.
   */
  @Override
  public void selected(List<Object> scopeValues) {
    Duration widest = widestOf(scopeValues);
    if (widest.compareTo(window) > 0) {
      Duration wider = widest;
      LOGGER.log(Level.DEBUG, () -> pass.name() + ": " + scope + " matched rows of values with a window of "
          + Durations.format(wider) + "; its rows go by that window");
      useWindow(wider);
      throw new Batch.WindowWidened(pass.name() + ": " + scope + " widened to " + Durations.format(wider));
    }
  }

  @Override
  public void hookReturned() {
    Duration took = Duration.ofNanos(pass.environment().nanoTime() - batchStartNanos);
    Duration timeout = pass.settings().batchTimeout();
    if (took.compareTo(timeout) > 0) {
      throw new IllegalStateException("Pass " + pass.name() + ": the before-delete hook returned " + took.toMillis()
          + " ms into its batch, past the batch timeout (batch-timeout = " + Durations.format(timeout)
          + "); the batch rolls back and every row stays. A hook must finish well within batch-timeout");
    }
  }

  /**
   * Whether a short batch drained the backlog. Usually it did; but a batch also comes back short when it skipped rows
   * another transaction held, or left a row whose date moved under it, and those rows are still there for the next
   * batch. Looked up once, and kept for the lag.
   */
  private boolean nothingExpiredLeft() {
    oldestAfterLastBatch = read(em -> pass.shape().oldestExpired(em, rows));
    return oldestAfterLastBatch.isEmpty();
  }

  /** A read bounded by the batch timeout, like every statement of a sweep. */
  <T> T read(Function<EntityManager, T> work) {
    return pass.environment().transactions().read(pass.environment().emf(), pass.settings().batchTimeout(), work);
  }

  /** How long the oldest expired row left has been expired: the cutoff minus its attribute. */
  Optional<Duration> lag() {
    if (keepsEveryRow()) {
      return Optional.empty();
    }
    try {
      Optional<Object> oldest = oldestAfterLastBatch != null
          ? oldestAfterLastBatch
          : read(em -> pass.shape().oldestExpired(em, rows));
      // A zone-less value is dated by the latest instant it could stand for, which the statements already compared
      // with the cutoff; a Date read through the JVM's zone can still land a little after it, and is then just due.
      return oldest.map(value -> pass.model().instantOf(value, rows.cutoff()))
          .map(instant -> instant.isAfter(cutoff()) ? Duration.ZERO : Duration.between(instant, cutoff()));
    } catch (RuntimeException | Error e) {
      if (failure != null) {
        failure.addSuppressed(e);
      } else {
        failure = new SweepFailedException(pass.name(), step("measuring the lag"), cutoff(), e);
      }
      return Optional.empty();
    }
  }
}
