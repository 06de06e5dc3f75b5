package dev.retention.runtime.schedule;

import dev.retention.runtime.SweepReport;
import dev.retention.runtime.report.LoggingSweepListener;
import dev.retention.runtime.sweep.StopSignal;
import dev.retention.runtime.sweep.Sweeper;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs the {@link SweepPlan} on a few daemon threads: as many as sweeps may run at once (one by default, so passes
 * take turns). A thread takes the pass whose turn it is, sweeps it, plans its next sweep, and otherwise waits until the
 * next one is due. Nothing a sweep does ends a thread.
 */
public final class BackgroundSweeps {

  /** The longest a thread waits before reading the clock again, whatever the plan says. */
  private static final Duration LONGEST_WAIT = Duration.ofHours(1);

  private final Map<String, Sweeper> sweepers;
  private final SweepPlan plan;
  private final Clock clock;
  private final StopSignal stopSignal;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final List<Thread> threads = new ArrayList<>();
  private int sweepsInFlight;

  public BackgroundSweeps(Map<String, Sweeper> sweepers, SweepPlan plan, Clock clock, StopSignal stopSignal) {
    this.sweepers = Map.copyOf(sweepers);
    this.plan = plan;
    this.clock = clock;
    this.stopSignal = stopSignal;
  }

  /** Starts {@code concurrency} daemon threads named {@code retention-sweeper-<n>}. */
  public void start(int concurrency) {
    for (int i = 1; i <= concurrency; i++) {
      Thread thread = new Thread(this::work, "retention-sweeper-" + i);
      thread.setDaemon(true);
      threads.add(thread);
      thread.start();
    }
  }

  /**
   * Stops the threads: no new sweep or batch starts, pausing sweeps wake, and a batch in flight may finish within
   * {@code timeout}.
   *
   * @return true when every sweep ended within the timeout
   */
  public boolean stop(Duration timeout) {
    stopSignal.stop();
    long remaining = timeout.toNanos();
    lock.lock();
    try {
      changed.signalAll();
      while (sweepsInFlight > 0 && remaining > 0) {
        remaining = changed.awaitNanos(remaining);
      }
      return sweepsInFlight == 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } finally {
      lock.unlock();
    }
  }

  private void work() {
    lock.lock();
    try {
      while (!stopSignal.stopRequested()) {
        Instant now = clock.instant();
        Optional<String> due = plan.takeDue(now);
        if (due.isPresent()) {
          sweep(due.get());
        } else {
          waitForNextDue(now);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      lock.unlock();
    }
  }

  /** Sweeps outside the lock, then plans the next sweep. Called and returns holding the lock. */
  private void sweep(String pass) {
    sweepsInFlight++;
    lock.unlock();
    SweepReport report = null;
    try {
      report = sweepers.get(pass).sweep();
    } catch (RuntimeException | Error e) {
      LoggingSweepListener.LOGGER.log(Level.ERROR, "Sweeper of " + pass + " failed unexpectedly", e);
      report = failed(pass, e);
      if (e instanceof VirtualMachineError) {
        throw e;
      }
    } finally {
      lock.lock();
      sweepsInFlight--;
      if (report != null) {
        plan.completed(report, clock.instant());
      }
      changed.signalAll();
    }
  }

  private void waitForNextDue(Instant now) throws InterruptedException {
    Optional<Instant> next = plan.nextDue();
    if (next.isEmpty()) {
      changed.await();
    } else {
      Duration wait = Duration.between(now, next.get());
      if (!wait.isNegative() && !wait.isZero()) {
        changed.await(wait.compareTo(LONGEST_WAIT) < 0 ? wait.toNanos() : LONGEST_WAIT.toNanos(), TimeUnit.NANOSECONDS);
      }
    }
  }

  private SweepReport failed(String pass, Throwable failure) {
    Instant now = clock.instant();
    return new SweepReport(pass, now, now, 0, 0, false, false, Duration.ZERO, Optional.empty(),
        Optional.of(failure));
  }
}
