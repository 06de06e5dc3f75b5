package dev.retention.it.support;

import dev.retention.runtime.internal.schedule.SweepTimer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/**
 * A monotonic timer that moves only when the test says so: the background sweeps' wake-ups run, in the test's thread,
 * when {@link #advance} passes them. It starts near the end of a long's range, so that tests cross its wrap, as
 * {@code System.nanoTime()} may.
 */
public final class ManualSweepTimer implements SweepTimer {

  private record WakeUp(long at, FutureTask<?> task) {}

  /** Guarded by {@code this}. */
  private long now = Long.MAX_VALUE - Duration.ofMinutes(1).toNanos();
  /** Guarded by {@code this}. */
  private final List<WakeUp> wakeUps = new ArrayList<>();

  @Override
  public synchronized long nanoTime() {
    return now;
  }

  @Override
  public synchronized Future<?> schedule(Runnable task, long delayNanos) {
    FutureTask<?> wakeUp = new FutureTask<>(task, null);
    wakeUps.add(new WakeUp(now + delayNanos, wakeUp));
    notifyAll();
    return wakeUp;
  }

  /** Moves the time on by {@code duration}, and runs every wake-up that comes due, in order. */
  public void advance(Duration duration) {
    List<WakeUp> due = new ArrayList<>();
    synchronized (this) {
      now += duration.toNanos();
      wakeUps.removeIf(wakeUp -> wakeUp.task().isCancelled());
      wakeUps.stream().filter(wakeUp -> wakeUp.at() - now <= 0).sorted((a, b) -> Long.compare(a.at() - b.at(), 0))
          .forEach(due::add);
      wakeUps.removeAll(due);
    }
    due.forEach(wakeUp -> wakeUp.task().run());
  }

  /**
   * Waits until the runtime has asked to be woken {@code after} from now, at the latest: its next sweep is planned.
   *
   * @throws AssertionError when no such wake-up is asked for within {@link RecordingListener#PATIENCE}
   */
  public synchronized void awaitWakeUpWithin(Duration after) throws InterruptedException {
    long deadline = System.nanoTime() + RecordingListener.PATIENCE.toNanos();
    while (wakeUps.stream().noneMatch(wakeUp -> !wakeUp.task().isCancelled()
        && wakeUp.at() - now <= after.toNanos())) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError("the runtime planned no sweep within " + after + " of now");
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
  }

  /** Whether a wake-up not cancelled is planned: the runtime waits for the time to move. */
  public synchronized boolean waiting() {
    return wakeUps.stream().anyMatch(wakeUp -> !wakeUp.task().isCancelled());
  }
}
