package dev.retention.runtime.internal.schedule;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.internal.sweep.StopSignal;
import dev.retention.runtime.internal.sweep.Sweeper;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Runs the {@link SweepPlan} on a scheduled executor whose threads come from the runtime's {@link ThreadFactory}, so a
 * container can own them. At most {@code concurrency} sweeps run at once (one by default, so passes take turns).
 *
 * <p>Whenever a sweep ends, and whenever the next planned sweep comes due, {@link #dispatch()} hands every due pass to
 * a thread while a slot is free, then arranges to be woken for the next one. When is read from the {@link SweepTimer}
 * (monotonic), never from the runtime's {@code Clock}, which only dates what a sweep deletes and reports. Nothing a
 * sweep does loses its pass from the plan: even a {@code Throwable} that escapes a sweep is logged at ERROR, kept for
 * {@link #unexpectedFailure()}, and the pass is planned again after the failure backoff.
 */
public final class BackgroundSweeps {

  private static final System.Logger LOGGER = System.getLogger(BackgroundSweeps.class.getName());

  /** The longest the dispatcher waits before reading the timer again, whatever the plan says. */
  private static final Duration LONGEST_WAIT = Duration.ofHours(1);

  private final Map<String, Sweeper> sweepers;
  private final SweepTimer timer;
  private final SweepPlan plan;
  private final Clock clock;
  private final StopSignal stopSignal;
  private final int concurrency;
  private final ScheduledThreadPoolExecutor executor;

  /** Guarded by {@code this}. */
  private int sweepsInFlight;
  /** Guarded by {@code this}: the passes whose sweeps run now, in the order they started. */
  private final Set<String> sweeping = new LinkedHashSet<>();
  /** Guarded by {@code this}: the pending wake-up for the next due sweep, if any. */
  private Future<?> wakeUp;
  private volatile Throwable unexpectedFailure;

  /**
   * Plans the sweeps of {@code enabled}, the first after each pass's startup offset from now.
   *
   * @param clock dates the report of a sweep that failed unexpectedly; when to sweep is the timer's
   * @param concurrency how many sweeps may run at once
   * @param threadFactory makes the threads sweeps run on
   * @param timer when sweeps come due; null for {@link SweepTimer#system System.nanoTime()}
   */
  public BackgroundSweeps(Map<String, Sweeper> sweepers, List<PassSettings> enabled, Clock clock,
      StopSignal stopSignal, int concurrency, ThreadFactory threadFactory, SweepTimer timer) {
    this.sweepers = Map.copyOf(sweepers);
    this.clock = clock;
    this.stopSignal = stopSignal;
    this.concurrency = concurrency;
    this.executor = new ScheduledThreadPoolExecutor(concurrency, threadFactory);
    this.executor.setRemoveOnCancelPolicy(true);
    this.timer = timer != null ? timer : SweepTimer.system(executor);
    this.plan = new SweepPlan(enabled, this.timer.nanoTime());
  }

  /**
   * Starts sweeping: every pass due now goes at once, the others when they come due. When starting fails, the threads
   * it started are stopped before the failure is thrown: the runtime starts sweeping everything or nothing.
   */
  public void start() {
    try {
      dispatch();
    } catch (RuntimeException | Error e) {
      executor.shutdownNow();
      throw e;
    }
  }

  /**
   * Stops: no new sweep or batch starts, pausing sweeps wake, and a batch in flight may finish within {@code timeout}.
   *
   * @return the sweeps that were running when it was asked to stop, and whether they ended within the timeout
   */
  public Stopped stop(Duration timeout) {
    List<String> inFlight;
    synchronized (this) {
      // Read before the stop: it wakes a sweep pausing between batches, which may then end and leave the set first.
      inFlight = List.copyOf(sweeping);
      stopSignal.stop();
      if (wakeUp != null) {
        wakeUp.cancel(false);
      }
    }
    executor.shutdown();
    // How long close() waited, for its log line: elapsed time of this thread, not the sweeps' timer.
    long start = System.nanoTime();
    boolean ended;
    try {
      ended = executor.awaitTermination(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      ended = false;
    }
    return new Stopped(inFlight, ended, Duration.ofNanos(System.nanoTime() - start));
  }

  /**
   * What {@link #stop(Duration)} found and waited for.
   *
   * @param inFlight the passes whose sweeps were running when the stop came, in the order they started
   * @param ended whether every sweep ended within the timeout
   * @param waited how long the stop waited for them
   */
  public record Stopped(List<String> inFlight, boolean ended, Duration waited) {}

  /** The last {@code Throwable} that escaped a sweep; a batch's ordinary failure is in its report instead. */
  public Optional<Throwable> unexpectedFailure() {
    return Optional.ofNullable(unexpectedFailure);
  }

  private synchronized void dispatch() {
    if (stopSignal.stopRequested()) {
      return;
    }
    long now = timer.nanoTime();
    while (sweepsInFlight < concurrency) {
      Optional<String> due = plan.takeDue(now);
      if (due.isEmpty()) {
        break;
      }
      String pass = due.get();
      try {
        executor.execute(() -> sweep(pass));
        sweepsInFlight++;
        sweeping.add(pass);
      } catch (RejectedExecutionException stopping) {
        return;
      }
    }
    scheduleWakeUp(now);
  }

  /** Arranges to dispatch again when the next planned sweep is due, unless every slot is busy. */
  private void scheduleWakeUp(long now) {
    if (wakeUp != null) {
      wakeUp.cancel(false);
      wakeUp = null;
    }
    Optional<Long> next = plan.nextDue();
    if (next.isEmpty() || sweepsInFlight >= concurrency) {
      return;
    }
    long wait = Math.min(next.get() - now, LONGEST_WAIT.toNanos());
    try {
      wakeUp = timer.schedule(this::dispatch, Math.max(0, wait));
    } catch (RejectedExecutionException stopping) {
      // stop() shut the executor down between the check and here; nothing more is planned.
    }
  }

  private void sweep(String pass) {
    SweepReport report;
    try {
      report = sweepers.get(pass).sweep();
    } catch (Throwable unexpected) {
      unexpectedFailure = unexpected;
      LOGGER.log(Level.ERROR, "Retention's background sweep of " + pass + " failed unexpectedly; the pass sweeps "
          + "again after the failure backoff", unexpected);
      report = failed(pass, unexpected);
    }
    synchronized (this) {
      sweepsInFlight--;
      sweeping.remove(pass);
      plan.completed(report, timer.nanoTime());
    }
    dispatch();
  }

  private SweepReport failed(String pass, Throwable failure) {
    Instant now = clock.instant();
    return SweepReport.builder(pass, now, now).failure(failure).build();
  }
}
