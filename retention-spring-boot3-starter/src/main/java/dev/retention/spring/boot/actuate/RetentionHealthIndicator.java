package dev.retention.spring.boot.actuate;

import dev.retention.runtime.health.RetentionHealth;
import java.util.Objects;
import java.util.function.Supplier;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * The {@code retention} health indicator on Boot 3: the runtime's {@link RetentionHealth}, with its status as
 * {@link RetentionStatus} names it and its details as they are.
 */
public class RetentionHealthIndicator extends AbstractHealthIndicator {

  private final Supplier<RetentionHealth> health;

  /** @param health the health of the application's runtimes, judged at each health check */
  public RetentionHealthIndicator(Supplier<RetentionHealth> health) {
    super("Retention health check failed");
    this.health = Objects.requireNonNull(health, "health");
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    RetentionHealth now = health.get();
    builder.status(RetentionStatus.codeOf(now.status())).withDetails(now.details());
  }
}
