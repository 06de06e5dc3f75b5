package dev.retention.quarkus.runtime;

import dev.retention.quarkus.runtime.SweepHistories.PassHistory;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * DOWN when a pass has failed its last {@code quarkus.retention.health.failures-threshold} sweeps, UP otherwise (also
 * before the first sweep). One failed sweep is not enough: the sweeper retries on its own, and a lock timeout now and
 * then is not an outage. The data give, for each pass swept so far, the rows its last sweep deleted (or would have, in
 * a dry run) and how many sweeps in a row it has failed, with the last failure.
 */
@Readiness
@ApplicationScoped
public class RetentionReadinessCheck implements HealthCheck {

  static final String NAME = "Retention";

  private final SweepHistories histories;
  private final int failuresThreshold;

  RetentionReadinessCheck(SweepHistories histories, RetentionConfig config) {
    this.histories = histories;
    this.failuresThreshold = config.health().failuresThreshold();
  }

  @Override
  public HealthCheckResponse call() {
    HealthCheckResponseBuilder response = HealthCheckResponse.named(NAME).withData("failuresThreshold",
        failuresThreshold);
    boolean down = false;
    for (Map.Entry<String, PassHistory> entry : histories.histories().entrySet()) {
      PassHistory history = entry.getValue();
      String pass = entry.getKey();
      response.withData(pass + ".deleted", history.lastReport().deleted());
      response.withData(pass + ".consecutiveFailures", history.consecutiveFailures());
      if (history.consecutiveFailures() > 0) {
        response.withData(pass + ".lastFailure",
            history.lastReport().failure().map(Throwable::toString).orElse(""));
        down |= history.consecutiveFailures() >= failuresThreshold;
      }
    }
    return response.status(!down).build();
  }
}
