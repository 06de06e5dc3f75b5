package dev.retention.runtime.internal.report;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Hands every event to each listener in turn. A listener that throws anything, an {@code Error} included, is logged
 * with the pass named and does not keep the others, or the sweep, from going on.
 */
public final class Listeners implements SweepListener {

  private static final System.Logger LOGGER = System.getLogger(Listeners.class.getName());

  private final List<SweepListener> listeners;

  public Listeners(List<SweepListener> listeners) {
    this.listeners = List.copyOf(listeners);
  }

  /** The logging and Flight Recorder listeners, then the application's, in registration order. */
  public static Listeners withBuiltIns(List<SweepListener> applicationListeners) {
    List<SweepListener> all = new ArrayList<>();
    all.add(new LoggingSweepListener());
    all.add(new JfrSweepListener());
    all.addAll(applicationListeners);
    return new Listeners(all);
  }

  @Override
  public void sweepStarted(String pass, Instant cutoff, boolean dryRun) {
    each(pass, listener -> listener.sweepStarted(pass, cutoff, dryRun));
  }

  @Override
  public void batchStarted(String pass, int number) {
    each(pass, listener -> listener.batchStarted(pass, number));
  }

  @Override
  public void batchCompleted(BatchReport batch) {
    each(batch.pass(), listener -> listener.batchCompleted(batch));
  }

  @Override
  public void sweepFinished(SweepReport report) {
    each(report.pass(), listener -> listener.sweepFinished(report));
  }

  private void each(String pass, Consumer<SweepListener> event) {
    for (SweepListener listener : listeners) {
      try {
        event.accept(listener);
      } catch (Throwable e) {
        // Whatever a listener throws, an Error included, stays here: the sweep, the other listeners and the thread go
        // on. A listener's failure never changes what was deleted.
        LOGGER.log(e instanceof Error ? Level.ERROR : Level.WARNING,
            () -> "Sweep listener " + listener.getClass().getName() + " failed on an event of " + pass, e);
      }
    }
  }
}
