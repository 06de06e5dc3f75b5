package dev.retention.spring.boot.actuate;

import dev.retention.spring.boot.RetentionReports;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/** The {@code retention} health indicator on Boot 4; {@link RetentionHealth} says what it reports. */
public class RetentionHealthIndicator extends AbstractHealthIndicator {

  private final RetentionReports reports;
  private final int failuresThreshold;
  private final Supplier<List<String>> passes;

  /**
   * @param passes the names of the passes the runtime manages, read at each health check
   */
  public RetentionHealthIndicator(RetentionReports reports, int failuresThreshold, Supplier<List<String>> passes) {
    super("Retention health check failed");
    this.reports = reports;
    this.failuresThreshold = RetentionHealth.checkedThreshold(failuresThreshold);
    this.passes = passes;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    RetentionHealth health = RetentionHealth.of(reports, failuresThreshold, passes.get());
    builder.status(new Status(health.status().name())).withDetails(health.details());
  }
}
