package dev.retention.runtime.internal.assembly;

import dev.retention.runtime.internal.config.Durations;
import dev.retention.runtime.internal.schedule.BackgroundSweeps;
import java.time.Duration;
import java.util.List;

/**
 * The line the runtime logs when {@code close()} has stopped its background sweeps (on SIGTERM, through the host's
 * shutdown): that it stopped, and which passes' sweeps were in flight and what became of them.
 */
public final class StopLine {

  private StopLine() {}

  /**
   * The stop line of a runtime whose background sweeps stopped as {@code stopped} says, waiting up to {@code timeout}.
   */
  public static String of(BackgroundSweeps.Stopped stopped, Duration timeout) {
    List<String> inFlight = stopped.inFlight();
    if (inFlight.isEmpty()) {
      return "Retention stopped: no sweep was in flight";
    }
    String sweeps = (inFlight.size() == 1 ? "the sweep of " : "the sweeps of ") + String.join(", ", inFlight);
    if (!stopped.ended()) {
      return "Retention stopped: " + sweeps + " still ran " + Durations.format(timeout) + " after close() (the close"
          + " timeout); its batch in flight will commit or roll back on its own";
    }
    return "Retention stopped: waited " + stopped.waited().toMillis() + " ms for " + sweeps + " in flight to end (a"
        + " batch in flight commits, no other starts); the expired rows left go at the next start";
  }
}
