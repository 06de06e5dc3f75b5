package dev.retention.spring.boot;

import java.util.List;
import java.util.Optional;

/**
 * The starter's own properties. They configure the Spring integration rather than a pass, so they are kept out of the
 * configuration handed to the runtime, which rejects every {@code retention.*} key it does not know.
 */
public final class StarterProperties {

  /** {@code false} turns the starter off entirely: no runtime, no endpoint, no health indicator. */
  public static final String ENABLED = "retention.enabled";

  /** How many failed sweeps in a row of one pass turn the health indicator DOWN. */
  public static final String HEALTH_FAILURES_THRESHOLD = "retention.health.failures-threshold";

  public static final int DEFAULT_FAILURES_THRESHOLD = 3;

  /** One property: its key, value type, default and description, as IDEs show them. */
  public record Property(String key, Class<?> type, Optional<Object> defaultValue, String description) {}

  /** Every starter property, in the order the metadata lists them. */
  public static final List<Property> ALL = List.of(
      new Property(ENABLED, Boolean.class, Optional.of(true),
          "Whether Retention runs: false creates no runtime, endpoint or health indicator."),
      new Property(HEALTH_FAILURES_THRESHOLD, Integer.class, Optional.of(DEFAULT_FAILURES_THRESHOLD),
          "Failed sweeps in a row of one pass that turn the retention health indicator DOWN."));

  private StarterProperties() {}

  /** Whether {@code key} is one of the starter's own properties rather than an option of the runtime. */
  public static boolean isStarterKey(String key) {
    return ALL.stream().anyMatch(property -> property.key().equals(key));
  }
}
