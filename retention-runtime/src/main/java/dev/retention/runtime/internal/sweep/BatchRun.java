package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.Scope;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.SweepFailedException;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.internal.config.Durations;
import dev.retention.runtime.internal.pacing.Pacing;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.ScopeComparison;
import dev.retention.runtime.internal.pass.ScopeGroup;
import dev.retention.runtime.internal.shape.Batch;
import dev.retention.runtime.internal.shape.BatchOutcome;
import dev.retention.runtime.internal.shape.Reads;
import jakarta.persistence.EntityManager;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The batches of one sweep over the rows of one scope, or of a group of scopes that share a window (all rows, for a
 * pass without scopes), against one cutoff:
 * each batch in its own transaction, until one comes back short with nothing expired left, the run reaches its bound,
 * a batch fails, or the runtime closes. A dry run counts instead. Each batch's outcome is folded into the run's
 * {@link SweepResult}; the run measures its lag when it ends, whatever ended it, and hands the result to the
 * {@link SweepLoop}.
 *
 * <p>Rows the database takes for one scope go by the longest window among the values it takes as one (a collation's
 * equals: {@code ACME} for {@code acme}). Before its first batch, a run of text scopes whose window another value may
 * outlast reads the spellings stored for them and takes the longest of their windows; and a batch that still selects
 * rows of a value with a longer window (written since) rolls back before it deletes anything, and the run goes on
 * against that window. A group's values cannot share a wider window (it would hold back the others): such a run ends
 * with nothing deleted and asks to be swept one value at a time ({@link Ran#split}). Where the database compares the
 * scope column exactly ({@link ScopeComparison}) it takes no value for another, and none of this can happen: no
 * spelling is read, and the pass's shape may delete without showing the guard the scopes its batch selected.
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
  private final ScopeGroup scopes;
  private final Instant now;
  private final BatchSizer sizer;
  /** Told of each committed batch, for the view of the sweep under way. */
  private final InFlight progress;
  private Duration window;
  /** The predicate at the current window; null while the window is never, when no statement runs. */
  private @Nullable ExpiredRows rows;
  private Instant cutoff;
  /** The values of the scope attribute this run's batches selected, so each is looked up once. */
  private final Set<Object> seenValues = new HashSet<>();
  /** Whether a value the database matched for a group's has a longer window: the group is swept value by value. */
  private boolean splitNeeded;
  /** When the batch under way started, by the monotonic source: a hook that returns past its time fails it. */
  private long batchStartNanos;
  /** The oldest expired row found after the last batch, when that was looked up already; null when not. */
  private @Nullable Optional<Object> oldestAfterLastBatch;

  /**
   * @param now the sweep's {@code now}, from which the cutoff is counted
   * @param window the scope's window, or the pass's
   * @param progress told of each committed batch
   */
  BatchRun(PassSweep pass, ScopeGroup scopes, Instant now, Duration window, BatchSizer sizer, InFlight progress) {
    this.pass = pass;
    this.scopes = scopes;
    this.now = now;
    this.sizer = sizer;
    this.progress = progress;
    useWindow(window);
  }

  /**
   * What a run did, and whether it stopped at its bound with rows left (so that a sweep of several scopes goes on
   * with the next).
   *
   * @param split whether the run's group must be swept one value at a time, a spelling the database takes for one of
   *     its values having a longer window; the run then deleted nothing
   * @param held whether it ended on a batch that deleted nothing while expired rows were left (held by another
   *     transaction, or moved under it): its rows wait for a later sweep, and a sweep of several scopes goes on with
   *     the next, whose rows those do not hold
   */
  record Ran(SweepResult result, boolean shareSpent, boolean split, boolean held) {

    Ran(SweepResult result, boolean shareSpent, boolean split) {
      this(result, shareSpent, split, false);
    }
  }

  private void useWindow(Duration newWindow) {
    this.window = newWindow;
    this.cutoff = cutoffOf(now, newWindow);
    this.rows = keepsEveryRow() ? null : pass.model().expiredAt(Cutoff.of(cutoff, pass.environment().zone()), scopes,
        pass.settings().epochCheck());
  }

  /** The cutoff of {@code window} at {@code now}: {@link Instant#MIN} for a window of never, which keeps every row. */
  static Instant cutoffOf(Instant now, Duration window) {
    return ScopeWindows.NEVER.equals(window) ? Instant.MIN : now.minus(window);
  }

  /** Whether the window is never: no statement reads or deletes this run's rows. */
  boolean keepsEveryRow() {
    return ScopeWindows.NEVER.equals(window);
  }

  Instant cutoff() {
    return cutoff;
  }

  /** The cutoff as every row statement of this run binds it. */
  Object cutoffValue() {
    return rows().cutoffValue();
  }

  /** The predicate at the current window, which a window of never has none of: no statement runs then. */
  private ExpiredRows rows() {
    if (rows == null) {
      throw new IllegalStateException(pass.name() + ": " + step("a window of never") + " runs no statement");
    }
    return rows;
  }

  private String step(String what) {
    return scopes.isAll() ? what : scopes + ", " + what;
  }

  /**
   * Deletes (or, in a dry run, counts) this run's expired rows, at most {@code maxBatches} batches, starting none after
   * {@code deadlineNanos}, then measures the lag.
   *
   * @param soFar what the sweep did before this run: it numbers the batches, and holds the epoch check once it ran
   * @param lookFirst whether to look for an expired row before the first batch, which then runs only when there is one
   *     (a run whose rows a grouped read just found need not)
   */
  Ran drain(SweepResult soFar, int maxBatches, long deadlineNanos, boolean pauseBetweenBatches, boolean lookFirst) {
    Ran ran = deleteOrCount(soFar, maxBatches, deadlineNanos, pauseBetweenBatches, lookFirst);
    if (ran.split()) {
      return ran;
    }
    return new Ran(ran.result().plus(lag(ran.result().failure())), ran.shareSpent(), false, ran.held());
  }

  private Ran deleteOrCount(SweepResult soFar, int maxBatches, long deadlineNanos, boolean pauseBetweenBatches,
      boolean lookFirst) {
    if (keepsEveryRow()) {
      return ended(SweepResult.NOTHING);
    }
    SweepResult spellings = windowOfStoredSpellings();
    if (splitNeeded) {
      return new Ran(spellings, false, true);
    }
    if (spellings.failed() || keepsEveryRow()) {
      return ended(spellings); // the read failed, or a spelling stored for the scope is kept for ever
    }
    SweepResult checked = checkEpochValues(soFar);
    if (checked.failed()) {
      return ended(checked);
    }
    if (pass.settings().dryRun()) {
      return ended(checked.plus(countInsteadOfDeleting()));
    }
    if (lookFirst) {
      SweepResult look = expiredRowsLeft();
      if (look.failed() || !look.workRemains()) {
        return ended(checked.plus(look)); // nothing expired: no batch runs, whatever the statement; or the look failed
      }
    }
    Ran ran = deleteInBatches(soFar.plus(checked), maxBatches, deadlineNanos, pauseBetweenBatches);
    return new Ran(checked.plus(ran.result()), ran.shareSpent(), ran.split(), ran.held());
  }

  private static Ran ended(SweepResult result) {
    return new Ran(result, false, false);
  }

  /**
   * For text scopes whose window another value may outlast: widens the window to the longest among the spellings the
   * database stores for the scope, so that {@code globex} goes by the window of {@code Globex} when the database takes
   * them as one, even where no batch would select a row of {@code Globex}; for a group, a spelling with a longer window
   * splits it instead. One read, of the scopes' spellings only; scopes at the longest window, values that are not text
   * and a column the database compares exactly cost nothing.
   *
   * @return nothing, or the failed read: the run then deletes nothing
   */
  private SweepResult windowOfStoredSpellings() {
    List<Object> text = scopes.values().stream().filter(String.class::isInstance).toList();
    ScopeComparison comparison = pass.model().scopeComparison();
    if (text.isEmpty() || comparison.exact() || !pass.scopes().anotherValueMayOutlast(window)) {
      return SweepResult.NOTHING;
    }
    List<Object> spellings;
    try {
      spellings = read(em -> Reads.scopeSpellings(em, pass.model(), text, comparison.spellingsHashed()));
    } catch (Throwable e) {
      return failed("reading the spellings stored for the scope", e);
    }
    Duration widest;
    try {
      widest = widestOf(spellings);
    } catch (RuntimeException e) {
      return failed("the windows of the spellings stored for the scope", e); // a window from code failed
    }
    if (widest.compareTo(window) > 0) {
      LOGGER.log(Level.DEBUG, () -> pass.name() + ": " + scopes + " is stored as " + spellings + ", one value to the"
          + " database; its rows go by the longest window among them, " + Durations.format(widest));
      widen(widest);
    }
    return SweepResult.NOTHING;
  }

  /** Sweeps one scope by {@code wider} from now on; a group is swept value by value instead. */
  private void widen(Duration wider) {
    if (scopes.size() > 1) {
      splitNeeded = true;
    } else {
      useWindow(wider);
    }
  }

  private SweepResult failed(String what, Throwable e) {
    return SweepResult.failed(new SweepFailedException(pass.name(), step(what), cutoff(), e));
  }

  /** The longest of this run's window and the windows of {@code values} other than its own not looked up yet. */
  private Duration widestOf(List<Object> values) {
    Duration widest = window;
    for (Object value : values) {
      if (scopes.contains(value) || !seenValues.add(value)) {
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
   * @param soFar what the sweep did before: when it holds the check already, nothing is read
   * @return what the check found, or its failure, which fails the sweep; nothing when it ran earlier in the sweep
   */
  SweepResult checkEpochValues(SweepResult soFar) {
    if (soFar.epochCheck().isPresent()) {
      return SweepResult.NOTHING;
    }
    try {
      return SweepResult.epochChecked(read(em -> EpochPlausibility.judge(em, pass.model(), pass.settings())));
    } catch (Throwable e) {
      return failed("checking its epoch values", e);
    }
  }

  /**
   * Whether whole partitions may go before this run's batches, the epoch values of the sweep having been checked
   * ({@code checked}): not when its window keeps every row, nor when some epoch values are implausible for their unit,
   * since a partition would take rows the batches' predicate sets aside, and its bound would be misread just as the
   * rows' values.
   */
  boolean wholePartitionsMayGo(SweepResult checked) {
    return !keepsEveryRow() && checked.epochCheck().map(EpochPlausibility.Finding::plausible).orElse(false);
  }

  private SweepResult countInsteadOfDeleting() {
    try {
      return SweepResult.counted(read(em -> pass.shape().countExpired(em, rows)));
    } catch (Throwable e) {
      return failed("the dry-run count", e);
    }
  }

  /**
   * The batches, each folded into the run's result as it ends: rows deleted, then whether the run goes on (rows may be
   * left), ends (nothing expired left, or every row it selected moved under it), stops with work left (its bound,
   * its deadline, the runtime closing), or fails.
   */
  private Ran deleteInBatches(SweepResult soFar, int maxBatches, long deadlineNanos, boolean pauseBetweenBatches) {
    StopSignal stopSignal = pass.environment().stopSignal();
    SweepResult done = SweepResult.NOTHING;
    while (true) {
      if (stopSignal.stopRequested()) {
        return ended(done.plus(SweepResult.WORK_LEFT));
      }
      // Replicas behind their limit, the application's throttle and the ceiling on rows a second hold the batch here,
      // outside its time: the sizer never sees the wait.
      Pacing.Start paced = pass.pacing().beforeBatch(holdLeft(soFar.plus(done)), deadlineNanos);
      done = done.plus(SweepResult.paced(paced.paced()));
      if (!paced.mayStart()) {
        return ended(done.plus(SweepResult.WORK_LEFT));
      }
      int number = soFar.batches() + done.batches() + 1;
      oldestAfterLastBatch = null;
      pass.environment().listener().batchStarted(pass.name(), number);
      long start = pass.environment().nanoTime();
      // The size this batch may delete: whether it came back short is judged against it, not the next one's.
      int batchSize = sizer.nextSize();
      int deletedNow;
      try {
        deletedNow = runBatch(batchSize, number);
      } catch (Throwable e) {
        sizer.failed(Math.min(batchSize, sizer.nextSize()));
        return ended(done.plus(failed("batch " + number, e)));
      }
      Duration took = Duration.ofNanos(pass.environment().nanoTime() - start);
      pass.pacing().afterBatch(deletedNow, start);
      done = done.plus(SweepResult.batch(deletedNow));
      sizer.completed(batchSize, deletedNow, took);
      progress.batchCommitted(deletedNow);
      pass.environment().listener().batchCompleted(BatchReport.of(pass.name(), number, deletedNow, took, batchSize));
      if (splitNeeded) {
        return new Ran(done, false, true); // it rolled back: nothing of the group went
      }
      if (deletedNow < batchSize) {
        // Nothing was expired, or rows the batch selected were held, moved or went under it (another transaction
        // changed them). With nothing deleted the run ends either way, without selecting the same rows again at once;
        // rows still expired are work left for the next sweep, and the report says so. A run that deleted nothing
        // while rows are left made no progress: the report says what held them, and the pass waits before its next.
        SweepResult left = expiredRowsLeft();
        if (left.failed() || !left.workRemains()) {
          return ended(done.plus(left));
        }
        if (deletedNow == 0) {
          return new Ran(done.plus(left).plus(done.deleted() == 0 ? SweepResult.stalled(whatHeldTheRows())
              : SweepResult.NOTHING), false, false, true);
        }
      }
      if (done.batches() >= maxBatches || pastDeadline(deadlineNanos)) {
        return new Ran(done.plus(SweepResult.WORK_LEFT), done.batches() >= maxBatches, false);
      }
      if (pauseBetweenBatches && !stopSignal.pause(pass.settings().batchDelay())) {
        return ended(done.plus(SweepResult.WORK_LEFT));
      }
    }
  }

  /** How much longer the sweep may be held, after the holds of {@code soFar}: {@code max-hold-per-sweep} less them. */
  private Duration holdLeft(SweepResult soFar) {
    Duration left = pass.settings().maxHoldPerSweep().minus(soFar.paced().held());
    return left.isNegative() ? Duration.ZERO : left;
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
   * A batch that found rows of a longer window, or whose shape stepped aside, rolled back too, and runs again at once.
   *
   * @return the rows it deleted
   * @throws RuntimeException what failed the batch, or the deadlock it lost {@link #DEADLOCK_ATTEMPTS} times
   */
  private int runBatch(int firstSize, int number) {
    int size = firstSize;
    for (int attempt = 1; ; ) {
      int attemptSize = size;
      batchStartNanos = pass.environment().nanoTime();
      if (keepsEveryRow() || splitNeeded) {
        // A value the database matched for the scope has a window of never: nothing of it goes. Or a group's value
        // has a longer window: nothing of the group goes as one.
        return 0;
      }
      Batch batch = new Batch(rows, attemptSize, this);
      BatchOutcome outcome;
      try {
        outcome = pass.environment().transactions().inTransaction(pass.environment().emf(),
            pass.settings().batchTimeout(), em -> pass.shape().deleteBatch(em, batch));
      } catch (RuntimeException e) {
        // The transaction runner rolls back only when its work throws: a shape or the guard that rolled the batch back
        // on purpose recorded why in the batch, which is read here, once, and never from the exception (a runner may
        // wrap what its work threw).
        Optional<BatchOutcome> rolledBack = batch.rolledBackFor();
        if (rolledBack.isEmpty()) {
          if (attempt >= DEADLOCK_ATTEMPTS || !pass.environment().deadlocks().isDeadlock(e)) {
            throw e;
          }
          size = afterDeadlock(e, attemptSize, attempt, number);
          attempt++;
          continue;
        }
        outcome = rolledBack.get();
      }
      if (outcome instanceof BatchOutcome.Deleted deleted) {
        return deleted.rows();
      }
      // The window is wider now, or another shape took over: the same batch runs again, no attempt spent.
      BatchOutcome again = outcome;
      LOGGER.log(Level.TRACE, () -> pass.name() + ": " + step("batch " + number) + " runs again: " + again);
    }
  }

  /**
   * After a lost deadlock: the next attempt takes fewer rows, after a random pause. It can only be shorter than the
   * size the sweep judges the batch by, which at worst costs one look for expired rows left.
   *
   * @return the size of the next attempt
   * @throws RuntimeException {@code e}, when the runtime closes during the pause
   */
  private int afterDeadlock(RuntimeException e, int attemptSize, int attempt, int number) {
    sizer.deadlocked(attemptSize);
    LOGGER.log(Level.DEBUG, () -> pass.name() + ": " + step("batch " + number)
        + " lost a deadlock on attempt " + attempt + " and runs again: " + e);
    long pauseMillis = ThreadLocalRandom.current().nextLong(DEADLOCK_PAUSE.toMillis() * attempt + 1);
    if (!pass.environment().stopSignal().pause(Duration.ofMillis(pauseMillis))) {
      throw e;
    }
    return Math.min(attemptSize, sizer.nextSize());
  }

  /**
   * Looks up the window of every value of the scope attribute the batch selected that differs from the scope's own
   * (the database matched it for the scope: a collation's equal). One with a longer window widens this run's.
   *
   * @return false when the window widened: the batch rolls back and runs again against it
   */
  @Override
  public boolean selected(List<Object> scopeValues) {
    Duration widest = widestOf(scopeValues);
    if (widest.compareTo(window) <= 0) {
      return true;
    }
    LOGGER.log(Level.DEBUG, () -> pass.name() + ": " + scopes + " matched rows of values with a window of "
        + Durations.format(widest) + (scopes.size() > 1 ? "; its values are swept one by one"
            : "; its rows go by that window"));
    widen(widest);
    return false;
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
   *
   * @return work left when expired rows are left; the failed look, or nothing
   */
  private SweepResult expiredRowsLeft() {
    try {
      oldestAfterLastBatch = read(em -> pass.shape().oldestExpired(em, rows));
      return oldestAfterLastBatch.isEmpty() ? SweepResult.NOTHING : SweepResult.WORK_LEFT;
    } catch (Throwable e) {
      return failed("looking for expired rows left", e);
    }
  }

  /**
   * What held the expired rows a batch deleted none of. Where the database skips rows others hold, one look tells: an
   * expired row that can be locked without waiting is out of the statement's reach, none means every one is held.
   * Elsewhere a batch waits for a held row (and fails on the batch timeout) rather than skip it, so the rows left are
   * out of the statement's reach.
   */
  private SweepResult.Stall whatHeldTheRows() {
    String statement = "the pass's statement (" + pass.shape().name() + ")";
    if (!pass.environment().skipsLockedRows()) {
      return new SweepResult.Stall(SweepReport.NoProgress.ROWS_OUT_OF_REACH, "expired rows are left that " + statement
          + " did not delete, where a row another transaction holds makes a batch wait, not skip it: they are out of"
          + " its reach");
    }
    try {
      boolean unheld = pass.environment().transactions().inTransaction(pass.environment().emf(),
          pass.settings().batchTimeout(), em -> Reads.anExpiredRowUnheld(em, rows()));
      return unheld
          ? new SweepResult.Stall(SweepReport.NoProgress.ROWS_OUT_OF_REACH, "an expired row can be locked, yet "
              + statement + " deleted none: the rows left are out of its reach")
          : new SweepResult.Stall(SweepReport.NoProgress.HELD_ROWS, "every expired row left is locked by another"
              + " transaction; they go once it ends");
    } catch (Throwable e) {
      LOGGER.log(Level.DEBUG, () -> pass.name() + ": " + step("the look for an expired row not held") + " failed", e);
      return new SweepResult.Stall(SweepReport.NoProgress.UNEXPLAINED, step("the look for an expired row not held")
          + " failed: " + e);
    }
  }

  /** A read bounded by the batch timeout, like every statement of a sweep. */
  <T> T read(Function<EntityManager, T> work) {
    return pass.environment().transactions().read(pass.environment().emf(), pass.settings().batchTimeout(), work);
  }

  /**
   * How long the oldest expired row left has been expired: the cutoff minus its attribute. A failure to read it is
   * added to the run's failure when it has one, and is the run's failure otherwise.
   */
  SweepResult lag(Optional<RuntimeException> failure) {
    if (keepsEveryRow()) {
      return SweepResult.NOTHING;
    }
    try {
      ExpiredRows expired = rows();
      Optional<Object> oldest = oldestAfterLastBatch != null
          ? oldestAfterLastBatch
          : read(em -> pass.shape().oldestExpired(em, expired));
      // A zone-less value is dated by the latest instant it could stand for, which the statements already compared
      // with the cutoff; a Date read through the JVM's zone can still land a little after it, and is then just due.
      return SweepResult.lag(oldest.map(value -> pass.model().instantOf(value, expired.cutoff()))
          .map(instant -> instant.isAfter(cutoff()) ? Duration.ZERO : Duration.between(instant, cutoff())));
    } catch (Throwable e) {
      if (failure.isPresent()) {
        failure.get().addSuppressed(e);
        return SweepResult.NOTHING;
      }
      return failed("measuring the lag", e);
    }
  }
}
