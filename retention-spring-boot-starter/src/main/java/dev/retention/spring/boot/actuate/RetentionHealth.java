package dev.retention.spring.boot.actuate;

import dev.retention.spring.boot.RetentionReports;
import dev.retention.spring.boot.RetentionReports.PassHistory;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the {@code retention} health indicator reports, apart from Boot's health API, which Boot 3 and Boot 4 spell in
 * different packages: DOWN when a pass has failed its last {@code failuresThreshold} sweeps, UP otherwise (also before
 * the first sweep). One failed sweep is not enough: the sweeper retries on its own, and a lock timeout now and then is
 * not an outage. The details name each pass that has failed recently, with how often in a row and its last failure.
 *
 * @param up whether the health is UP
 * @param details the health's details: the threshold and the failing passes
 */
public record RetentionHealth(boolean up, Map<String, Object> details) {

  /** The health that {@code reports} show, with {@code failuresThreshold} failed sweeps in a row turning it DOWN. */
  public static RetentionHealth of(RetentionReports reports, int failuresThreshold) {
    Map<String, Object> failing = new TreeMap<>();
    boolean down = false;
    for (Map.Entry<String, PassHistory> entry : reports.histories().entrySet()) {
      PassHistory history = entry.getValue();
      if (history.consecutiveFailures() > 0) {
        failing.put(entry.getKey(), Map.of(
            "consecutiveFailures", history.consecutiveFailures(),
            "lastFailure", history.lastReport().failure().map(Throwable::toString).orElse("")));
        down |= history.consecutiveFailures() >= failuresThreshold;
      }
    }
    Map<String, Object> details = new TreeMap<>();
    details.put("failuresThreshold", failuresThreshold);
    details.put("failingPasses", failing);
    return new RetentionHealth(!down, details);
  }

  /** Checks a threshold given in code. */
  public static int checkedThreshold(int failuresThreshold) {
    if (failuresThreshold < 1) {
      throw new IllegalArgumentException("failuresThreshold must be at least 1, not " + failuresThreshold);
    }
    return failuresThreshold;
  }
}
