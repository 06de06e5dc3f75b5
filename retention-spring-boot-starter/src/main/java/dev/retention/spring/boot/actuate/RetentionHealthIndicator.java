package dev.retention.spring.boot.actuate;

import dev.retention.spring.boot.RetentionReports;
import dev.retention.spring.boot.RetentionReports.PassHistory;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * DOWN when a pass has failed its last {@code failuresThreshold} sweeps, UP otherwise (also before the first sweep).
 * One failed sweep is not enough: the sweeper retries on its own, and a lock timeout now and then is not an outage.
 * The details name each pass that has failed recently, with how often in a row and its last failure.
 */
public class RetentionHealthIndicator extends AbstractHealthIndicator {

  private final RetentionReports reports;
  private final int failuresThreshold;

  public RetentionHealthIndicator(RetentionReports reports, int failuresThreshold) {
    super("Retention health check failed");
    if (failuresThreshold < 1) {
      throw new IllegalArgumentException("failuresThreshold must be at least 1, not " + failuresThreshold);
    }
    this.reports = reports;
    this.failuresThreshold = failuresThreshold;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
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
    (down ? builder.down() : builder.up())
        .withDetail("failuresThreshold", failuresThreshold)
        .withDetail("failingPasses", failing);
  }
}
