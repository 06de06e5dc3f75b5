package dev.retention.quarkus.runtime;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.integration.EnvironmentVariables;
import io.smallrye.config.EnvConfigSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.jboss.logging.Logger;

/**
 * Reads the runtime's options out of the application's configuration, with Quarkus's precedence of sources:
 *
 * <ul>
 *   <li>every {@code retention.*} key, exactly as written ({@code retention.defaults.batch-size},
 *       {@code retention.com.acme.UserSession.dry-run}), from {@code application.properties}, profiles, system
 *       properties and every other source but the environment. The runtime checks them, so a bad key or value fails
 *       start-up with the runtime's own message;
 *   <li>a {@code RETENTION_*} environment variable that is a key in the form every integration reads: upper case,
 *       every character other than a letter or a digit as {@code _}, or left out
 *       ({@code RETENTION_DEFAULTS_BATCH_SIZE}, {@code RETENTION_COM_ACME_USERSESSION_DRY_RUN}; see
 *       {@link EnvironmentVariables}). It binds whether or
 *       not the key is also in a file, and wins over the file as every environment variable does in Quarkus (a system
 *       property wins over it). The window of one scope, {@code RETENTION_<PASS>_SCOPE_<VALUE>_RETENTION}, reads the
 *       value in lower case with its underscores as dots, since the environment keeps neither case nor dots;
 *   <li>any other {@code RETENTION_*} variable is logged at WARNING, naming it and the key it may have meant, and
 *       ignored: the environment is shared with every tool on the host, and {@code RETENTION_DAYS} may be anyone's.
 * </ul>
 */
final class RetentionProperties {

  private static final Logger LOGGER = Logger.getLogger(RetentionProperties.class);

  private static final String PREFIX = "retention.";

  private final EnvironmentVariables environmentVariables;

  private RetentionProperties(Collection<String> passNames) {
    environmentVariables = new EnvironmentVariables(passNames);
  }

  /**
   * The {@code retention.*} keys with their values, sorted by key.
   *
   * @param passNames the names of the passes the runtime will have
   * @throws RetentionConfigurationException naming an environment variable that is the key of several options
   */
  static Map<String, String> of(Config config, Collection<String> passNames) {
    return new RetentionProperties(passNames).read(config);
  }

  private Map<String, String> read(Config config) {
    Map<String, ConfigSource> variables = new TreeMap<>();
    for (ConfigSource source : config.getConfigSources()) {
      if (source instanceof EnvConfigSource) {
        source.getPropertyNames().stream().filter(name -> name.startsWith(EnvironmentVariables.PREFIX))
            .forEach(name -> variables.putIfAbsent(name, source));
      }
    }
    Set<String> keys = new HashSet<>();
    for (String key : config.getPropertyNames()) {
      if (key.startsWith(PREFIX) && writtenOutsideTheEnvironment(config, key)) {
        keys.add(key);
      }
    }
    Map<String, String> options = new TreeMap<>();
    Map<String, String> otherSpellings = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    variables.forEach((variable, source) -> environmentVariables.keyOf(variable, problems, LOGGER::warn)
        .ifPresent(key -> {
          keys.add(key);
          if (!variable.equals(EnvironmentVariables.variableOf(key)) && !setAboveTheEnvironment(config, source, key)) {
            otherSpellings.putIfAbsent(key, source.getValue(variable));
          }
        }));
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
    // Config resolves each key across its sources, the environment included, in Quarkus's order of precedence; but
    // it knows a variable only in MicroProfile Config's spelling, which wins over another spelling of the same key.
    for (String key : keys) {
      boolean otherSpellingOnly = otherSpellings.containsKey(key)
          && !variables.containsKey(EnvironmentVariables.variableOf(key));
      // A key written without a value reads as missing; the runtime then says what the option expects.
      options.put(key, otherSpellingOnly ? otherSpellings.get(key)
          : config.getOptionalValue(key, String.class).orElse(""));
    }
    return options;
  }

  /** Whether a source that takes precedence over {@code environment} (system properties, say) sets {@code key}. */
  private static boolean setAboveTheEnvironment(Config config, ConfigSource environment, String key) {
    for (ConfigSource source : config.getConfigSources()) {
      if (source.getOrdinal() > environment.getOrdinal() && source.getValue(key) != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a source other than the environment names {@code key}, with or without a profile: SmallRye Config also
   * lists every environment variable among the property names, in lower case with dots for underscores
   * ({@code retention.days} for {@code RETENTION_DAYS}), which are read here as variables instead.
   */
  private static boolean writtenOutsideTheEnvironment(Config config, String key) {
    for (ConfigSource source : config.getConfigSources()) {
      if (source instanceof EnvConfigSource) {
        continue;
      }
      for (String name : source.getPropertyNames()) {
        if (name.equals(key) || name.startsWith("%") && name.endsWith("." + key)) {
          return true;
        }
      }
    }
    return false;
  }
}
