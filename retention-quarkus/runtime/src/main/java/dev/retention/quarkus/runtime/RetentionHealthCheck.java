package dev.retention.quarkus.runtime;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.health.RetentionHealth;
import dev.retention.runtime.health.SweepHistory;
import io.smallrye.health.api.Wellness;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/**
 * The runtime's {@link RetentionHealth} as a wellness check ({@code /q/health/well}), never a readiness or liveness
 * one: every replica shares the database, so a failing pass would take every pod out of rotation at once, for
 * housekeeping. DOWN when the health is FAILING (a pass has failed its last
 * {@code quarkus.retention.health.failures-threshold} sweeps, or the sweep machinery failed unexpectedly); UP
 * otherwise, also with no pass at all, which MicroProfile Health cannot call UNKNOWN and the data say instead.
 *
 * <p>The data are the health's details, flattened as MicroProfile Health wants them: {@code passes},
 * {@code failuresThreshold}, {@code <pass>.consecutiveFailures} and {@code <pass>.lastFailure} for each pass whose last
 * sweep failed, and {@code problem} or {@code unexpectedFailure} when there is one.
 */
@Wellness
@ApplicationScoped
public class RetentionHealthCheck implements HealthCheck {

  static final String NAME = "Retention";

  private final RetentionRuntime runtime;
  private final SweepHistory history;
  private final int failuresThreshold;

  RetentionHealthCheck(RetentionRuntime runtime, SweepHistory history, RetentionConfig config) {
    this.runtime = runtime;
    this.history = history;
    this.failuresThreshold = config.health().failuresThreshold();
  }

  @Override
  public HealthCheckResponse call() {
    RetentionHealth health = RetentionHealth.of(runtime, history, failuresThreshold);
    HealthCheckResponseBuilder response = HealthCheckResponse.named(NAME)
        .status(health.status() != RetentionHealth.Status.FAILING)
        .withData("passes", health.passes())
        .withData("failuresThreshold", health.failuresThreshold());
    health.failingPasses().forEach((pass, passHistory) -> response
        .withData(pass + ".consecutiveFailures", passHistory.consecutiveFailures())
        .withData(pass + ".lastFailure", RetentionHealth.lastFailure(passHistory)));
    health.problem().ifPresent(problem -> response.withData("problem", problem));
    health.unexpectedFailure().ifPresent(failure -> response.withData("unexpectedFailure", failure.toString()));
    return response.build();
  }
}
