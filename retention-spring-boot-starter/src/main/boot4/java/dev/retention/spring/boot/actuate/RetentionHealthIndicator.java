package dev.retention.spring.boot.actuate;

import dev.retention.spring.boot.RetentionReports;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/** The {@code retention} health indicator on Boot 4; {@link RetentionHealth} says what it reports. */
public class RetentionHealthIndicator extends AbstractHealthIndicator {

  private final RetentionReports reports;
  private final int failuresThreshold;

  public RetentionHealthIndicator(RetentionReports reports, int failuresThreshold) {
    super("Retention health check failed");
    this.reports = reports;
    this.failuresThreshold = RetentionHealth.checkedThreshold(failuresThreshold);
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    RetentionHealth health = RetentionHealth.of(reports, failuresThreshold);
    (health.up() ? builder.up() : builder.down()).withDetails(health.details());
  }
}
