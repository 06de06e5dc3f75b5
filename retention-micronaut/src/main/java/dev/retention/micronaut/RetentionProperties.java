package dev.retention.micronaut;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.internal.config.Suggestions;
import io.micronaut.context.env.Environment;
import io.micronaut.context.env.PropertySource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
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
 *   <li>a {@code RETENTION_*} environment variable that is a key upper-cased, with every character other than a letter
 *       or a digit as {@code _} ({@code RETENTION_DEFAULTS_BATCH_SIZE},
 *       {@code RETENTION_COM_ACME_USERSESSION_DRY_RUN}). The window of one scope,
 *       {@code RETENTION_<PASS>_SCOPE_<VALUE>_RETENTION}, reads the value in lower case with its underscores as dots,
 *       since the environment keeps neither case nor dots;
 *   <li>any other {@code RETENTION_*} variable is logged at WARN, naming it and the key it may have meant, and ignored:
 *       the environment is shared with every tool on the host, and {@code RETENTION_DAYS} may be anyone's.
 * </ul>
 *
 * <p>The rules are the Quarkus extension's, whose environment variables follow the same convention.
 */
final class RetentionProperties {

  private static final Logger LOGGER = LoggerFactory.getLogger(RetentionProperties.class);

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
    passes = passNames.stream().sorted(Comparator.comparingInt(String::length).reversed()).toList();
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

  /** {@code key} as an environment variable names it. */
  static String variableOf(String key) {
    StringBuilder variable = new StringBuilder(key.length());
    for (char c : key.toCharArray()) {
      variable.append(Character.isLetterOrDigit(c) ? Character.toUpperCase(c) : '_');
    }
    return variable.toString();
  }

  private Map<String, String> read(Environment environment) {
    List<PropertySource> sources = new ArrayList<>(environment.getPropertySources());
    // Lowest precedence first, so that a source read later overrides.
    sources.sort(Comparator.comparingInt(PropertySource::getOrder));
    Map<String, String> options = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (PropertySource source : sources) {
      boolean variables = source.getConvention() == PropertySource.PropertyConvention.ENVIRONMENT_VARIABLE;
      for (String name : source) {
        Optional<String> key;
        if (variables) {
          key = name.startsWith(VARIABLE_PREFIX) ? keyOf(name, problems) : Optional.empty();
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
      LOGGER.warn("Environment variable {} is ignored: it matches no Retention key{}", variable,
          Suggestions.closest(variable, keys, RetentionProperties::variableOf)
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
