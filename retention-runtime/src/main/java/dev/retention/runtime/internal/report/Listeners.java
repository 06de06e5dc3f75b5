package dev.retention.runtime.internal.report;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Hands every event to the built-in listeners (the log and Flight Recorder, on the sweep's thread), then to each of
 * the application's in registration order, each on a thread of its own ({@link ListenerThread}): the sweep waits for
 * an application listener's call up to {@link #WAIT}, and a listener that takes longer misses the events that come
 * while it is busy instead of holding the sweep. A listener that throws anything, an {@code Error} included, is logged
 * with the pass named and does not keep the others, or the sweep, from going on.
 */
public final class Listeners implements SweepListener, AutoCloseable {

  private static final System.Logger LOGGER = System.getLogger(Listeners.class.getName());

  /**
   * The longest a sweep waits for an application listener's call: far longer than a listener that records or counts
   * takes, short enough that one stuck listener delays a sweep once, by a second, and never stops it.
   */
  public static final Duration WAIT = Duration.ofSeconds(1);

  private static final AtomicInteger RUNTIMES = new AtomicInteger();

  private final List<SweepListener> builtIns;
  private final List<ListenerThread> application;

  Listeners(List<SweepListener> builtIns, List<SweepListener> application, Duration wait, ThreadFactory threads) {
    this.builtIns = List.copyOf(builtIns);
    this.application = application.stream().map(listener -> new ListenerThread(listener, wait, threads)).toList();
  }

  /**
   * The logging and Flight Recorder listeners, then the application's, in registration order.
   *
   * @param threads makes the threads application listeners are called on; null for daemon threads named
   *     {@code retention-<runtime>-listener-<n>}
   */
  public static Listeners withBuiltIns(List<SweepListener> applicationListeners, ThreadFactory threads) {
    return new Listeners(List.of(new LoggingSweepListener(), new JfrSweepListener()), applicationListeners, WAIT,
        threads != null ? threads : daemons());
  }

  private static ThreadFactory daemons() {
    String prefix = "retention-" + RUNTIMES.incrementAndGet() + "-listener-";
    AtomicInteger count = new AtomicInteger();
    return work -> {
      Thread thread = new Thread(work, prefix + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  @Override
  public void runtimeBuilt(List<PassSettings> passes) {
    List<PassSettings> given = List.copyOf(passes);
    each("runtimeBuilt", "the runtime's passes", listener -> listener.runtimeBuilt(given));
  }

  @Override
  public void sweepStarted(String pass, Instant cutoff, boolean dryRun) {
    each("sweepStarted", pass, listener -> listener.sweepStarted(pass, cutoff, dryRun));
  }

  @Override
  public void batchStarted(String pass, int number) {
    each("batchStarted", pass, listener -> listener.batchStarted(pass, number));
  }

  @Override
  public void batchCompleted(BatchReport batch) {
    each("batchCompleted", batch.pass(), listener -> listener.batchCompleted(batch));
  }

  @Override
  public void sweepFinished(SweepReport report) {
    each("sweepFinished", report.pass(), listener -> listener.sweepFinished(report));
  }

  /** Events each application listener missed because it was busy, in registration order. */
  List<Long> missed() {
    return application.stream().map(ListenerThread::missed).toList();
  }

  /** Delivers the events handed over already, then lets the listeners' threads end; later events are dropped. */
  @Override
  public void close() {
    application.forEach(ListenerThread::close);
  }

  private void each(String event, String pass, Consumer<SweepListener> call) {
    for (SweepListener listener : builtIns) {
      try {
        call.accept(listener);
      } catch (Throwable e) {
        LOGGER.log(e instanceof Error ? Level.ERROR : Level.WARNING,
            () -> "Sweep listener " + listener.getClass().getName() + " failed on an event of " + pass, e);
      }
    }
    String name = event + " of " + pass;
    for (ListenerThread listener : application) {
      listener.deliver(name, pass, call);
    }
  }
}
