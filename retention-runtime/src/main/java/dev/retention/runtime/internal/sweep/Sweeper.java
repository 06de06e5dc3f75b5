package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.Cutoff;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.SweepFailedException;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.lang.System.Logger.Level;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Sweeps one pass: computes the cutoff once, then deletes in bounded batches, each in its own transaction, until a
 * batch comes back short, the sweep reaches its bound, a batch fails, or the runtime closes. Never throws: every outcome
 * is a {@link SweepReport}.
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

  /**
   * @param choice the statements the pass deletes with
   * @param bound the most rows one batch of those statements may take; a smaller {@code batch-size} is kept
   */
  public Sweeper(Environment environment, RetentionPass<?> pass, PassSettings settings, StatementShapes.Choice choice,
      BatchBound bound) {
    this.environment = environment;
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

  /** The most rows one batch deletes: {@code batch-size}, or fewer where the statement's parameters bound it. */
  public int rowsPerBatch() {
    return rowsPerBatch.rows();
  }

  /** The statements, why faster ones were passed over, and what bounds a batch below {@code batch-size}. */
  public String describeStatements() {
    return choice.describe() + rowsPerBatch.note().map(note -> "; " + note).orElse("");
  }

  /** Runs one sweep now, in this thread; a sweep of the same pass already running is waited for first. */
  public SweepReport sweep() {
    sweeping.lock();
    try {
      return new Run().execute();
    } finally {
      sweeping.unlock();
    }
  }

  /** The state of one sweep. */
  private final class Run {
    private final Instant startedAt = environment.clock().instant();
    private final long startNanos = System.nanoTime();
    private final Cutoff cutoff = Cutoff.of(startedAt.minus(settings.retention()), environment.zone());
    private long deleted;
    private int batches;
    private boolean workRemains;
    private RuntimeException failure;
    /** The oldest expired row found after the last batch, when that was looked up already. */
    private Optional<Instant> oldestAfterLastBatch;

    SweepReport execute() {
      environment.listener().sweepStarted(pass.name(), cutoff.instant(), settings.dryRun());
      if (settings.dryRun()) {
        countInsteadOfDeleting();
      } else {
        deleteInBatches();
      }
      Optional<Duration> lag = measureLag();
      SweepReport report = new SweepReport(pass.name(), startedAt, cutoff.instant(), deleted, batches, workRemains,
          settings.dryRun(), Duration.ofNanos(System.nanoTime() - startNanos), lag, Optional.ofNullable(failure));
      environment.listener().sweepFinished(report);
      return report;
    }

    private void countInsteadOfDeleting() {
      try {
        deleted = read(em -> pass.countExpired(em, cutoff));
      } catch (RuntimeException | Error e) {
        failure = new SweepFailedException(pass.name(), "the dry-run count", cutoff.instant(), e);
      }
    }

    private void deleteInBatches() {
      while (true) {
        if (environment.stopSignal().stopRequested()) {
          workRemains = true;
          return;
        }
        int number = batches + 1;
        oldestAfterLastBatch = null;
        environment.listener().batchStarted(pass.name(), number);
        long batchStart = System.nanoTime();
        // The size this batch may delete: whether it came back short is judged against it, not the next one's.
        int batchSize = sizer.nextSize();
        int rows;
        try {
          rows = runBatch(batchSize);
        } catch (RuntimeException | Error e) {
          sizer.failed(Math.min(batchSize, sizer.nextSize()));
          failure = new SweepFailedException(pass.name(), "batch " + number, cutoff.instant(), e);
          return;
        }
        Duration took = Duration.ofNanos(System.nanoTime() - batchStart);
        batches = number;
        deleted += rows;
        sizer.completed(batchSize, rows, took);
        environment.listener().batchCompleted(new BatchReport(pass.name(), number, rows, took, batchSize));
        if (rows == 0) {
          return;
        }
        if (rows < batchSize) {
          try {
            if (nothingExpiredLeft()) {
              return;
            }
          } catch (RuntimeException | Error e) {
            failure = new SweepFailedException(pass.name(), "looking for expired rows left", cutoff.instant(), e);
            return;
          }
        }
        if (batches >= settings.maxBatchesPerSweep()) {
          workRemains = true;
          return;
        }
        if (!environment.stopSignal().pause(settings.batchDelay())) {
          workRemains = true;
          return;
        }
      }
    }

    /**
     * One batch in its own transaction. A batch the database chose as a deadlock victim was rolled back whole, and is
     * run again after a short random pause, up to {@link #DEADLOCK_ATTEMPTS} times in all: databases expect clients to
     * do so, the pause keeps two instances from colliding again in step, and the rows it selects again are those still
     * unlocked.
     */
    private int runBatch(int firstSize) {
      int size = firstSize;
      for (int attempt = 1; ; attempt++) {
        int attemptSize = size;
        try {
          return environment.transactions().inTransaction(environment.emf(), settings.batchTimeout(),
              em -> shape.purgeBatch(em, pass, cutoff, attemptSize));
        } catch (RuntimeException e) {
          if (attempt >= DEADLOCK_ATTEMPTS || !Deadlocks.isDeadlock(e)) {
            throw e;
          }
          // Met locks: the next attempt takes fewer rows. It can only be shorter than the size the sweep judges the
          // batch by, which at worst costs one look for expired rows left.
          sizer.deadlocked(attemptSize);
          size = Math.min(attemptSize, sizer.nextSize());
          int failedAttempt = attempt;
          LOGGER.log(Level.DEBUG, () -> pass.name() + ": batch " + (batches + 1)
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
      oldestAfterLastBatch = read(em -> pass.oldestExpired(em, cutoff));
      return oldestAfterLastBatch.isEmpty();
    }

    /** A read bounded by the batch timeout, like every statement of a sweep. */
    private <T> T read(Function<EntityManager, T> work) {
      return environment.transactions().read(environment.emf(), settings.batchTimeout(), work);
    }

    /** How long the oldest expired row left has been expired: the cutoff minus its attribute. */
    private Optional<Duration> measureLag() {
      try {
        Optional<Instant> oldest = oldestAfterLastBatch != null
            ? oldestAfterLastBatch
            : read(em -> pass.oldestExpired(em, cutoff));
        // A zone-less value is dated by the latest instant it could stand for, which the statements already compared
        // with the cutoff; a Date read through the JVM's zone can still land a little after it, and is then just due.
        return oldest.map(instant -> instant.isAfter(cutoff.instant())
            ? Duration.ZERO
            : Duration.between(instant, cutoff.instant()));
      } catch (RuntimeException | Error e) {
        if (failure != null) {
          failure.addSuppressed(e);
        } else {
          failure = new SweepFailedException(pass.name(), "measuring the lag", cutoff.instant(), e);
        }
        return Optional.empty();
      }
    }
  }
}
