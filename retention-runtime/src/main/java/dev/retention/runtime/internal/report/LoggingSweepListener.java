package dev.retention.runtime.internal.report;

import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Logs each sweep to {@code System.Logger} {@code dev.retention}: INFO when it deleted rows (or would have, in a dry
 * run), DEBUG when it found nothing or was skipped (another instance was sweeping the pass).
 *
 * <p>A failing pass is logged once per change of state, not once per sweep: a pass swept every second that keeps
 * failing would otherwise fill the log with the same warning. The first failure is a WARNING with the report and its
 * cause; while it keeps failing, a WARNING "still failing (N sweeps, since T)" at most every
 * {@link #STILL_FAILING_EVERY}, the other failed sweeps at DEBUG; the first sweep that succeeds after them, an INFO
 * "recovered after N failed sweeps". Time is the reports' {@code startedAt}, the runtime's clock. Passes are followed
 * one by one, and the on-demand sweeps of one scope apart from the pass's.
 *
 * <p>A pass that makes no progress (its sweeps delete nothing while expired rows are left) is logged the same way: the
 * first such sweep says what held its rows, at INFO for rows another transaction holds (an application at work, most
 * often brief) and at WARNING for rows out of the statement's reach or held for reasons not told; a change of reason is
 * said again; "still no progress (N sweeps, since T)" at WARNING at most every {@link #STILL_FAILING_EVERY}; the first
 * sweep that deletes rows again, or finds none left, an INFO "progress again". The sweeps between, at DEBUG.
 */
public final class LoggingSweepListener implements SweepListener {

  /** The longest a failing pass goes without a warning that says it still fails. */
  public static final Duration STILL_FAILING_EVERY = Duration.ofMinutes(15);

  /** The logger sweep reports go to; the runtime's other lines go to loggers named after their classes, below it. */
  private static final Logger LOGGER = System.getLogger("dev.retention");

  /** A run of failed sweeps of one pass (or one scope of it): since when, how many, when last said. */
  private record Failing(Instant since, int sweeps, Instant lastWarned) {
    Failing then() {
      return new Failing(since, sweeps + 1, lastWarned);
    }
  }

  /** A run of sweeps of one pass (or one scope of it) without progress: since when, how many, when last said, why. */
  private record Stalled(Instant since, int sweeps, Instant lastWarned, SweepReport.NoProgress kind) {}

  private final ConcurrentMap<String, Failing> failing = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, Stalled> stalled = new ConcurrentHashMap<>();

  @Override
  public void sweepFinished(SweepReport report) {
    // A tenant's state is its own: one failing tenant among succeeding ones is one failure, not one per round.
    String key = report.pass() + report.tenant().map(tenant -> " [tenant " + tenant + "]").orElse("")
        + (report.scope().isAll() ? "" : " (" + report.scope() + ")");
    if (report.failure().isPresent()) {
      failed(key, report);
      return;
    }
    if (!report.skipped()) {
      Failing run = failing.remove(key);
      if (run != null) {
        LOGGER.log(Level.INFO, () -> key + ": recovered after " + run.sweeps() + " failed "
            + (run.sweeps() == 1 ? "sweep" : "sweeps") + " (failing since " + run.since() + ")");
      }
      if (progress(key, report)) {
        return;
      }
    }
    if (report.deleted() > 0) {
      LOGGER.log(Level.INFO, report::toString);
    } else {
      LOGGER.log(Level.DEBUG, report::toString);
    }
  }

  /**
   * Follows whether the pass makes progress, and logs each change: the first sweep without, a change of what held its
   * rows, every {@link #STILL_FAILING_EVERY} while it lasts, and the first sweep with progress after.
   *
   * @return whether the report was logged here, so that it is not logged again
   */
  private boolean progress(String key, SweepReport report) {
    Optional<SweepReport.NoProgress> kind = report.noProgress();
    Instant now = report.startedAt();
    if (kind.isEmpty()) {
      Stalled run = stalled.remove(key);
      if (run != null) {
        LOGGER.log(Level.INFO, () -> key + ": progress again after " + run.sweeps() + " "
            + (run.sweeps() == 1 ? "sweep" : "sweeps") + " without (" + run.kind().description() + " since "
            + run.since() + ")");
      }
      return false;
    }
    Stalled before = stalled.get(key);
    if (before == null || before.kind() != kind.get()) {
      stalled.put(key, new Stalled(now, 1, now, kind.get()));
      // The report names the pass (and scope) and says "no progress (<why>: <which rows>)".
      LOGGER.log(kind.get() == SweepReport.NoProgress.HELD_ROWS ? Level.INFO : Level.WARNING,
          () -> report + "; it sweeps again after a backoff, not at once");
      return true;
    }
    Stalled run = new Stalled(before.since(), before.sweeps() + 1, before.lastWarned(), before.kind());
    if (Duration.between(run.lastWarned(), now).compareTo(STILL_FAILING_EVERY) >= 0) {
      stalled.put(key, new Stalled(run.since(), run.sweeps(), now, run.kind()));
      LOGGER.log(Level.WARNING, () -> key + ": still no progress (" + run.sweeps() + " sweeps, since " + run.since()
          + "), " + run.kind().description() + ": " + report.noProgressReason().orElse(""));
    } else {
      stalled.put(key, run);
      LOGGER.log(Level.DEBUG, report::toString);
    }
    return true;
  }

  private void failed(String key, SweepReport report) {
    Throwable cause = report.failure().orElseThrow();
    Instant now = report.startedAt();
    Failing before = failing.get(key);
    if (before == null) {
      failing.put(key, new Failing(now, 1, now));
      LOGGER.log(Level.WARNING, report.toString(), cause);
      return;
    }
    Failing run = before.then();
    if (Duration.between(run.lastWarned(), now).compareTo(STILL_FAILING_EVERY) >= 0) {
      failing.put(key, new Failing(run.since(), run.sweeps(), now));
      LOGGER.log(Level.WARNING, () -> key + ": still failing (" + run.sweeps() + " sweeps, since " + run.since()
          + "), the last with " + cause);
    } else {
      failing.put(key, run);
      LOGGER.log(Level.DEBUG, report::toString);
    }
  }
}
