package dev.retention.runtime.internal.report;

import dev.retention.runtime.SweepListener;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One application listener, called on a thread of its own, one event at a time, in the order the events came. The
 * sweep that sends an event waits for the call up to {@code wait}, so a listener that returns promptly has every event
 * before the sweep goes on, as if it were called on the sweep's thread. A call that takes longer makes the listener
 * busy: the sweep goes on without it, and every event that comes while it is busy is dropped and counted, so that a
 * listener that never returns holds no sweep. It gets events again once it has returned from every call it was given.
 *
 * <p>The first time the listener is found busy is logged at WARNING with its class; each time it returns after missing
 * events, how many at INFO; a listener still busy when the runtime closes, with its count, at WARNING.
 */
final class ListenerThread {

  private static final System.Logger LOGGER = System.getLogger(Listeners.class.getName());

  /** Events handed to the thread and not yet delivered, at most: a listener this far behind is busy anyway. */
  static final int MOST_QUEUED = 1_000;

  private final SweepListener listener;
  private final Duration wait;
  private final ThreadPoolExecutor thread;

  /** Guarded by {@code this}: events handed to the thread whose call has not returned. */
  private int pending;
  /** Guarded by {@code this}: a call took longer than {@code wait}, and has not returned yet, nor those after it. */
  private boolean busy;
  /** Guarded by {@code this}: events dropped since the listener last became busy, and in all. */
  private long missedWhileBusy;
  private long missed;
  /** Guarded by {@code this}: whether the WARNING that it is busy was logged already. */
  private boolean warned;

  ListenerThread(SweepListener listener, Duration wait, ThreadFactory threads) {
    this.listener = listener;
    this.wait = wait;
    this.thread = new ThreadPoolExecutor(1, 1, 1, TimeUnit.MINUTES, new ArrayBlockingQueue<>(MOST_QUEUED), threads);
    // Sweeps may be hours apart: the thread ends when idle and is made again for the next event.
    this.thread.allowCoreThreadTimeOut(true);
  }

  /**
   * Hands {@code event} to the listener and waits for it up to {@code wait}; drops it when the listener is busy.
   *
   * @param name the event and the pass it is about, for the log
   * @param pass the pass, for the log of a listener that throws
   */
  void deliver(String name, String pass, Consumer<SweepListener> event) {
    synchronized (this) {
      if (busy) {
        missedWhileBusy++;
        missed++;
        return;
      }
      pending++;
    }
    Future<?> call;
    try {
      call = thread.submit(() -> call(pass, event));
    } catch (RejectedExecutionException closedOrFull) {
      synchronized (this) {
        pending--;
        missed++;
      }
      return;
    }
    try {
      call.get(wait.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException slow) {
      becameBusy(name);
    } catch (InterruptedException e) {
      // The sweep's thread is being stopped: it stops waiting; the event is still delivered, in its turn.
      Thread.currentThread().interrupt();
    } catch (ExecutionException cannotHappen) {
      // call() catches whatever the listener throws.
      throw new IllegalStateException(cannotHappen.getCause());
    }
  }

  private void becameBusy(String name) {
    boolean firstTime;
    synchronized (this) {
      if (pending == 0) {
        return; // it returned just after the wait ended
      }
      busy = true;
      firstTime = !warned;
      warned = true;
    }
    if (firstTime) {
      LOGGER.log(Level.WARNING, () -> "Sweep listener " + listener.getClass().getName() + " has not returned from "
          + name + " within " + wait.toMillis() + " ms: sweeps go on without it, and the events it misses while it is"
          + " busy are dropped and counted (logged when it returns)");
    }
  }

  private void call(String pass, Consumer<SweepListener> event) {
    try {
      event.accept(listener);
    } catch (Throwable e) {
      // Whatever a listener throws, an Error included, stays here: the sweep, the other listeners and this thread go
      // on. A listener's failure never changes what was deleted.
      LOGGER.log(e instanceof Error ? Level.ERROR : Level.WARNING,
          () -> "Sweep listener " + listener.getClass().getName() + " failed on an event of " + pass, e);
    } finally {
      returned();
    }
  }

  private void returned() {
    long missedThisTime;
    synchronized (this) {
      pending--;
      if (!busy || pending > 0) {
        return;
      }
      busy = false;
      missedThisTime = missedWhileBusy;
      missedWhileBusy = 0;
    }
    LOGGER.log(Level.INFO, () -> "Sweep listener " + listener.getClass().getName() + " returned, and gets events"
        + " again; it missed " + missedThisTime + (missedThisTime == 1 ? " event" : " events") + " while it was busy");
  }

  /** Events the listener missed because it was busy, or because the runtime was closed. */
  synchronized long missed() {
    return missed;
  }

  /** Delivers what was handed over already, then lets the thread end; later events are dropped. */
  void close() {
    thread.shutdown();
    long missedThisTime;
    synchronized (this) {
      if (!busy) {
        return;
      }
      missedThisTime = missedWhileBusy;
    }
    LOGGER.log(Level.WARNING, () -> "Sweep listener " + listener.getClass().getName() + " was still busy when the"
        + " runtime closed; it missed " + missedThisTime + (missedThisTime == 1 ? " event" : " events"));
  }
}
