package dev.retention.quarkus.runtime;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.internal.config.Suggestions;
import io.smallrye.config.EnvConfigSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
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
 *   <li>a {@code RETENTION_*} environment variable that is a key in the form MicroProfile Config gives keys in the
 *       environment: upper case, every character other than a letter or a digit as {@code _}
 *       ({@code RETENTION_DEFAULTS_BATCH_SIZE}, {@code RETENTION_COM_ACME_USERSESSION_DRY_RUN}). It binds whether or
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
  private static final String VARIABLE_PREFIX = "RETENTION_";
  private static final String SCOPE = "_SCOPE_";
  private static final String WINDOW = "_RETENTION";

  private final Map<String, List<String>> keysByVariable = new HashMap<>();
  private final List<String> keys = new ArrayList<>();
  /** Longest first, so that a pass named like another's prefix does not take its scope keys. */
  private final List<String> passes;

  private RetentionProperties(Collection<String> passNames) {
    List<String> scopes = new ArrayList<>();
    scopes.add("defaults");
    scopes.addAll(passNames);
    for (String scope : scopes) {
      for (RetentionOption option : RetentionOption.values()) {
        String key = PREFIX + scope + "." + option.key();
        keys.add(key);
        keysByVariable.computeIfAbsent(variableOf(key), variable -> new ArrayList<>()).add(key);
      }
    }
    passes = passNames.stream().sorted((a, b) -> b.length() - a.length()).toList();
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

  /** {@code key} as MicroProfile Config looks it up in the environment. */
  static String variableOf(String key) {
    StringBuilder variable = new StringBuilder(key.length());
    for (char c : key.toCharArray()) {
      variable.append(Character.isLetterOrDigit(c) ? Character.toUpperCase(c) : '_');
    }
    return variable.toString();
  }

  private Map<String, String> read(Config config) {
    Set<String> variables = new TreeSet<>();
    for (ConfigSource source : config.getConfigSources()) {
      if (source instanceof EnvConfigSource) {
        source.getPropertyNames().stream().filter(name -> name.startsWith(VARIABLE_PREFIX)).forEach(variables::add);
      }
    }
    Set<String> keysInFiles = new HashSet<>();
    for (String key : config.getPropertyNames()) {
      if (key.startsWith(PREFIX) && writtenOutsideTheEnvironment(config, key)) {
        keysInFiles.add(key);
      }
    }
    Map<String, String> options = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (String variable : variables) {
      keyOf(variable, problems).ifPresent(keysInFiles::add);
    }
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
    // Config resolves each key across its sources, the environment included, in Quarkus's order of precedence.
    for (String key : keysInFiles) {
      // A key written without a value reads as missing; the runtime then says what the option expects.
      options.put(key, config.getOptionalValue(key, String.class).orElse(""));
    }
    return options;
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

  /** The key {@code variable} stands for; empty, and logged, when it stands for none. */
  private Optional<String> keyOf(String variable, List<String> problems) {
    List<String> matches = keysByVariable.getOrDefault(variable, List.of());
    if (matches.size() == 1) {
      return Optional.of(matches.get(0));
    }
    if (matches.size() > 1) {
      problems.add("environment variable " + variable + " is the key of several options (" + String.join(", ", matches)
          + "): set the one meant in application.properties, or as a system property");
      return Optional.empty();
    }
    Optional<String> scopeKey = scopeKeyOf(variable);
    if (scopeKey.isEmpty()) {
      // Its value stays out of the log: the variable may be another tool's, and its value a secret.
      LOGGER.warn("Environment variable " + variable + " is ignored: it matches no Retention key"
          + Suggestions.closest(variable, keys, RetentionProperties::variableOf)
              .map(key -> "; did you mean " + variableOf(key) + " (" + key + ")?")
              .orElse(" (RETENTION_DEFAULTS_<OPTION>, RETENTION_<ENTITY CLASS NAME>_<OPTION>, in capitals with"
                  + " underscores)"));
    }
    return scopeKey;
  }

  /** {@code retention.<pass>.scope.<value>.retention} for {@code RETENTION_<PASS>_SCOPE_<VALUE>_RETENTION}. */
  private Optional<String> scopeKeyOf(String variable) {
    for (String pass : passes) {
      String start = variableOf(PREFIX + pass) + SCOPE;
      // RETENTION_<PASS>_SCOPE__RETENTION, with nothing between, is the scope of the empty string.
      if (variable.startsWith(start) && variable.endsWith(WINDOW)
          && variable.length() >= start.length() + WINDOW.length()) {
        String value = variable.substring(start.length(), variable.length() - WINDOW.length())
            .toLowerCase(Locale.ROOT).replace('_', '.');
        return Optional.of(PREFIX + pass + ".scope." + value + "." + RetentionOption.RETENTION.key());
      }
    }
    return Optional.empty();
  }
}
