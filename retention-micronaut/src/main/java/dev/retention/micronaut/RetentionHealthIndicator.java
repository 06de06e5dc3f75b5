package dev.retention.micronaut;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.health.RetentionHealth;
import dev.retention.runtime.health.SweepHistory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.TreeMap;
import org.reactivestreams.Publisher;

/**
 * The runtime's {@link RetentionHealth} as the {@code retention} component of {@code /health}, always {@code UP}: the
 * health's own status is the {@code state} detail ({@code UP}, {@code FAILING} or {@code NO_PASS}), beside its other
 * details ({@code passes}, {@code failuresThreshold}, {@code failingPasses} with each one's
 * {@code consecutiveFailures} and {@code lastFailure}, {@code problem}, {@code unexpectedFailure}).
 *
 * <p>Never {@code DOWN}: Micronaut counts every indicator that is not {@code @Liveness} in {@code /health/readiness}
 * and in {@code /health}, and answers 503 when one is DOWN. Every replica shares the database, so a failing pass that
 * turned readiness DOWN would take the whole service out of rotation at once, for housekeeping. The Spring Boot
 * starter (a status of its own that Boot's aggregation leaves out) and the Quarkus extension (a wellness check) keep a
 * failing pass out of the probes the same way; an alert reads {@code state}, or the Micrometer meters. Nor a status
 * of its own, nor {@code UNKNOWN} for no pass: Micronaut's aggregation would make either the status of {@code /health}
 * itself ({@code UNKNOWN} ranks above {@code UP}, and an operational status of its own ties with it).
 *
 * <p>Registered when the application has micronaut-management; {@value #ENABLED} = false turns it off, as for
 * Micronaut's own indicators. Public so that an application can name it: in {@code @Replaces} to show the health its
 * own way, or for its keys.
 */
@Singleton
@Requires(classes = HealthIndicator.class)
@Requires(property = RetentionHealthIndicator.ENABLED, notEquals = "false")
public class RetentionHealthIndicator implements HealthIndicator {

  /** The component's name in {@code /health}: {@value}. */
  public static final String NAME = "retention";
  /** {@code false} leaves the component out of {@code /health}: {@value}. */
  public static final String ENABLED = "endpoints.health.retention.enabled";
  /** How many failed sweeps in a row of one pass make {@code state} FAILING, at least 1, checked at start: {@value}. */
  public static final String FAILURES_THRESHOLD = "endpoints.health.retention.failures-threshold";

  private final RetentionRuntime runtime;
  private final SweepHistory history;
  private final int failuresThreshold;

  RetentionHealthIndicator(RetentionRuntime runtime, SweepHistory history,
      @Value("${" + FAILURES_THRESHOLD + ":" + RetentionHealth.DEFAULT_FAILURES_THRESHOLD + "}")
      int failuresThreshold) {
    this.runtime = runtime;
    this.history = history;
    this.failuresThreshold = RetentionHealth.checkedFailuresThreshold(failuresThreshold);
  }

  @Override
  public Publisher<HealthResult> getResult() {
    RetentionHealth health = RetentionHealth.of(runtime, history, failuresThreshold);
    Map<String, Object> details = new TreeMap<>(health.details());
    details.put("state", health.status().name());
    return Publishers.just(HealthResult.builder(NAME, HealthStatus.UP).details(details).build());
  }
}
