package dev.retention.spring.boot.autoconfigure;

import dev.retention.spring.boot.StarterProperties;
import org.springframework.core.env.Environment;

/** Reads {@value StarterProperties#HEALTH_FAILURES_THRESHOLD}, for the health indicator of either Boot line. */
final class HealthThreshold {

  private HealthThreshold() {}

  static int failuresThreshold(Environment environment) {
    String key = StarterProperties.HEALTH_FAILURES_THRESHOLD;
    String text = environment.getProperty(key);
    if (text == null) {
      return StarterProperties.DEFAULT_FAILURES_THRESHOLD;
    }
    int threshold;
    try {
      threshold = Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalStateException(key + " = \"" + text + "\": expected a whole number", e);
    }
    if (threshold < 1) {
      throw new IllegalStateException(key + " = \"" + text + "\": must be at least 1 (failed sweeps in a row of one"
          + " pass that turn the health DOWN)");
    }
    return threshold;
  }
}
