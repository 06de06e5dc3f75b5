package dev.retention.quarkus.runtime;

import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.config.Config;

/**
 * Reads the runtime's options out of the application's configuration: every {@code retention.*} key, exactly as
 * written ({@code retention.defaults.batch-size}, {@code retention.com.acme.UserSession.dry-run}), from every source
 * ({@code application.properties}, system properties, profiles). The runtime checks them, so a bad key or value fails
 * start-up with the runtime's own message.
 */
final class RetentionProperties {

  private static final String PREFIX = "retention.";

  private RetentionProperties() {}

  /** The {@code retention.*} keys with their values, sorted by key. */
  static Map<String, String> of(Config config) {
    Map<String, String> options = new TreeMap<>();
    for (String key : config.getPropertyNames()) {
      if (key.startsWith(PREFIX)) {
        // A key written without a value reads as missing; the runtime then says what the option expects.
        options.put(key, config.getOptionalValue(key, String.class).orElse(""));
      }
    }
    return options;
  }
}
