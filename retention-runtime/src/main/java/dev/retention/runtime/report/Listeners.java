package dev.retention.runtime.report;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Hands every event to each listener in turn. A listener that throws is logged with the pass named and does not keep
 * the others, or the sweep, from going on.
 */
public final class Listeners implements SweepListener {

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
      } catch (RuntimeException e) {
        LoggingSweepListener.LOGGER.log(Level.WARNING,
            () -> "Sweep listener " + listener.getClass().getName() + " failed on an event of " + pass, e);
      }
    }
  }
}
