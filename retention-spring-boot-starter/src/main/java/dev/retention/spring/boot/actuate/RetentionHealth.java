package dev.retention.spring.boot.actuate;

import dev.retention.spring.boot.RetentionReports;
import dev.retention.spring.boot.RetentionReports.PassHistory;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the {@code retention} health indicator reports, apart from Boot's health API, which Boot 3 and Boot 4 spell in
 * different packages: DOWN when a pass has failed its last {@code failuresThreshold} sweeps, UP otherwise (also before
 * the first sweep). One failed sweep is not enough: the sweeper retries on its own, and a lock timeout now and then is
 * not an outage. The details name each pass that has failed recently, with how often in a row and its last failure.
 *
 * <p>With no pass at all it is UNKNOWN, which leaves the application's overall health as it is but shows on the
 * component: a build whose processor did not run deletes nothing, and should not look healthy doing so.
 *
 * @param status UP, DOWN or UNKNOWN
 * @param details the health's details: the passes, the threshold and the failing passes
 */
public record RetentionHealth(Status status, Map<String, Object> details) {

  /** The states the indicator reports, named as Boot names them. */
  public enum Status { UP, DOWN, UNKNOWN }

  static final String NO_PASS = "no @Ttl entity was found, so nothing is deleted: is retention-processor on the"
      + " compiler's annotationProcessorPaths? See the user guide, 'The runtime finds no pass'";

  /**
   * The health that {@code reports} show, with {@code failuresThreshold} failed sweeps in a row turning it DOWN.
   *
   * @param passes the names of the passes the runtime manages
   */
  public static RetentionHealth of(RetentionReports reports, int failuresThreshold, Collection<String> passes) {
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
    details.put("passes", passes.size());
    details.put("failuresThreshold", failuresThreshold);
    details.put("failingPasses", failing);
    if (passes.isEmpty()) {
      details.put("problem", NO_PASS);
      return new RetentionHealth(Status.UNKNOWN, details);
    }
    return new RetentionHealth(down ? Status.DOWN : Status.UP, details);
  }

  /** Checks a threshold given in code. */
  public static int checkedThreshold(int failuresThreshold) {
    if (failuresThreshold < 1) {
      throw new IllegalArgumentException("failuresThreshold must be at least 1, not " + failuresThreshold);
    }
    return failuresThreshold;
  }
}
