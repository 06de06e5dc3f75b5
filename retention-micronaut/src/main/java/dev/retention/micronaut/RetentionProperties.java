package dev.retention.micronaut;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.integration.EnvironmentVariables;
import io.micronaut.context.env.Environment;
import io.micronaut.context.env.PropertySource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the runtime's options out of the application's property sources, in Micronaut's order of precedence (command
 * line over system properties over environment variables over {@code application-<env>} over {@code application}
 * files), and hands them to the runtime, which checks them: this class only finds them.
 *
 * <ul>
 *   <li>every {@code retention.*} key, exactly as written ({@code retention.defaults.batch-size},
 *       {@code retention.com.acme.UserSession.dry-run}), from every source but the environment. Micronaut's resolver
 *       would lower-case and split a pass's name, which is a class name, so the sources are read as written. A key
 *       that names no option or no pass fails start-up with the runtime's message, naming the key and the one it
 *       may have meant;
 *   <li>a {@code RETENTION_*} environment variable that is a key in the environment's form
 *       ({@code RETENTION_DEFAULTS_BATCH_SIZE}; see {@link EnvironmentVariables}, every integration's rule);
 *   <li>any other {@code RETENTION_*} variable is logged at WARN, naming it and the key it may have meant, and ignored:
 *       the environment is shared with every tool on the host, and {@code RETENTION_DAYS} may be anyone's.
 * </ul>
 */
final class RetentionProperties {

  private static final Logger LOGGER = LoggerFactory.getLogger(RetentionProperties.class);

  private static final String PREFIX = "retention.";

  private final EnvironmentVariables variables;

  private RetentionProperties(Collection<String> passNames) {
    variables = new EnvironmentVariables(passNames);
  }

  /**
   * The {@code retention.*} keys with their values, sorted by key.
   *
   * @param passNames the names of the passes the runtime will have
   * @throws RetentionConfigurationException naming an environment variable that is the key of several options
   */
  static Map<String, String> of(Environment environment, Collection<String> passNames) {
    return new RetentionProperties(passNames).read(environment);
  }

  private Map<String, String> read(Environment environment) {
    List<PropertySource> sources = new ArrayList<>(environment.getPropertySources());
    // Lowest precedence first, so that a source read later overrides.
    sources.sort(Comparator.comparingInt(PropertySource::getOrder));
    Map<String, String> options = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (PropertySource source : sources) {
      boolean environmentVariables = source.getConvention() == PropertySource.PropertyConvention.ENVIRONMENT_VARIABLE;
      for (String name : source) {
        Optional<String> key;
        if (environmentVariables) {
          key = name.startsWith(EnvironmentVariables.PREFIX)
              ? variables.keyOf(name, problems, LOGGER::warn) : Optional.empty();
        } else {
          key = name.startsWith(PREFIX) ? Optional.of(name) : Optional.empty();
        }
        key.ifPresent(found -> options.put(found, valueOf(source.get(name), environment)));
      }
    }
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
    return options;
  }

  private static String valueOf(Object value, Environment environment) {
    // A key written without a value reads as empty; the runtime then says what the option expects.
    return value == null ? "" : environment.getPlaceholderResolver().resolveRequiredPlaceholders(value.toString());
  }
}
