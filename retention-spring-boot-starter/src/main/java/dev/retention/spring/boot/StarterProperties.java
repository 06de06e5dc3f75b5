package dev.retention.spring.boot;

import dev.retention.runtime.health.RetentionHealth;
import java.util.List;
import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The starter's own properties, bound like any Spring Boot configuration properties: a value of the wrong type fails
 * start-up with Boot's failure analysis naming the key, the value and its origin, and one out of range with the
 * runtime's problem list, like every other {@code retention.*} key. They configure the Spring integration rather than
 * a pass, so they are kept out of the configuration handed to the runtime, which rejects every {@code retention.*} key
 * it does not know.
 */
@ConfigurationProperties(prefix = "retention")
public class StarterProperties {

  /** {@code false} turns the starter off entirely: no runtime, no endpoint, no health indicator, no meters. */
  public static final String ENABLED = "retention.enabled";

  /** How many failed sweeps in a row of one pass make the health indicator FAILING. */
  public static final String HEALTH_FAILURES_THRESHOLD = "retention.health.failures-threshold";

  /** The default of {@value #HEALTH_FAILURES_THRESHOLD}. */
  public static final int DEFAULT_FAILURES_THRESHOLD = RetentionHealth.DEFAULT_FAILURES_THRESHOLD;

  /**
   * One property: its key, value type, default and description, as IDEs show them.
   *
   * @param key the property's key
   * @param type the type of its value
   * @param defaultValue its default, if it has one
   * @param description what it does, in one sentence
   */
  public record Property(String key, Class<?> type, Optional<Object> defaultValue, String description) {}

  /** Every starter property, in the order the metadata lists them. */
  public static final List<Property> ALL = List.of(
      new Property(ENABLED, Boolean.class, Optional.of(true),
          "Whether Retention runs: false creates no runtime, endpoint, health indicator or meters."),
      new Property(HEALTH_FAILURES_THRESHOLD, Integer.class, Optional.of(DEFAULT_FAILURES_THRESHOLD),
          "Failed sweeps in a row of one pass that make the retention health indicator FAILING; at least 1."));

  private boolean enabled = true;
  private final Health health = new Health();

  /** What is wrong with these properties, each problem naming its key and value; empty when nothing is. */
  public List<String> problems() {
    return RetentionHealth.problemWithFailuresThreshold(health.failuresThreshold)
        .map(problem -> List.of(HEALTH_FAILURES_THRESHOLD + " = " + health.failuresThreshold + ": " + problem))
        .orElse(List.of());
  }

  /** Whether {@code key} is one of the starter's own properties rather than an option of the runtime. */
  public static boolean isStarterKey(String key) {
    return ALL.stream().anyMatch(property -> property.key().equals(key));
  }

  /** @return {@value #ENABLED} */
  public boolean isEnabled() {
    return enabled;
  }

  /** @param enabled {@value #ENABLED} */
  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  /** @return {@code retention.health.*} */
  public Health getHealth() {
    return health;
  }

  /** The health indicator's properties, {@code retention.health.*}. */
  public static class Health {

    private int failuresThreshold = DEFAULT_FAILURES_THRESHOLD;

    /** @return {@value StarterProperties#HEALTH_FAILURES_THRESHOLD} */
    public int getFailuresThreshold() {
      return failuresThreshold;
    }

    /** @param failuresThreshold {@value StarterProperties#HEALTH_FAILURES_THRESHOLD}, checked at start-up */
    public void setFailuresThreshold(int failuresThreshold) {
      this.failuresThreshold = failuresThreshold;
    }
  }
}
