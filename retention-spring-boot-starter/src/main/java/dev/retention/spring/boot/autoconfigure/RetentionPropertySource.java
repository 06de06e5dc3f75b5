package dev.retention.spring.boot.autoconfigure;

import dev.retention.spring.boot.StarterProperties;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;

/**
 * Reads the runtime's configuration out of the Spring {@code Environment}: every {@code retention.*} key of every
 * property source, with the exact key the runtime documents ({@code retention.defaults.batch-size},
 * {@code retention.com.acme.UserSession.dry-run}), minus the {@link StarterProperties starter's own}.
 *
 * <p>Keys are not bound through Spring's relaxed binding: a pass is named by a class name with dots and capitals, which
 * relaxed binding would split and lower-case. Each value is read back through the {@code Environment}, so the property
 * source with the highest precedence wins and placeholders are resolved.
 */
final class RetentionPropertySource {

  private static final String PREFIX = "retention.";

  private RetentionPropertySource() {}

  /** The {@code retention.*} keys meant for the runtime, with their values, sorted by key. */
  static Map<String, String> configuration(ConfigurableEnvironment environment) {
    Map<String, String> configuration = new TreeMap<>();
    for (PropertySource<?> source : environment.getPropertySources()) {
      if (!(source instanceof EnumerablePropertySource<?> enumerable)) {
        continue;
      }
      for (String key : enumerable.getPropertyNames()) {
        if (key.startsWith(PREFIX) && !StarterProperties.isStarterKey(key) && !configuration.containsKey(key)) {
          // A key written without a value reads as null; the runtime then says what the option expects.
          String value = environment.getProperty(key);
          configuration.put(key, value != null ? value : "");
        }
      }
    }
    return configuration;
  }
}
