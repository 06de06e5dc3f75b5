package dev.retention.spring.boot.autoconfigure;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.integration.EnvironmentVariables;
import dev.retention.spring.boot.StarterProperties;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Reads the runtime's configuration out of the Spring {@code Environment}, from every property source, and writes each
 * key the way the runtime documents it ({@code retention.defaults.batch-size},
 * {@code retention.com.acme.UserSession.dry-run}), minus the {@link StarterProperties starter's own}.
 *
 * <p>Keys are matched the way Spring's relaxed binding matches them, against the options and the discovered passes:
 * case and dashes do not matter ({@code retention.com.acme.usersession.batchSize}). Spring's binder cannot do this
 * itself: a pass is named by a class name with dots and capitals, which relaxed binding would split and lower-case.
 * The window of one scope, {@code retention.<pass>.scope.<value>.retention}, is matched the same way but for its
 * value, which is kept as written; see {@link ScopeKeys}. An environment variable names a key as in every integration
 * ({@code RETENTION_COM_ACME_USERSESSION_BATCH_SIZE}, {@code RETENTION_DEFAULTS_BATCHSIZE}; see
 * {@link EnvironmentVariables}).
 *
 * <p>A {@code retention.*} key of the application's own configuration that matches nothing is an error, so that a typo
 * cannot leave a table unswept: a {@code retention.health.*} key is rejected here, with the nearest key it may have
 * meant; any other goes to the runtime as written, which names the pass or option it does not know. An environment
 * variable that merely starts with {@code RETENTION_} is another matter: the environment is shared with every tool on
 * the host ({@code RETENTION_DAYS} may be anyone's), so one that matches nothing is logged at WARNING, naming the
 * variable and the key it may have meant, and ignored. When sources disagree, the one with the highest precedence
 * wins, as everywhere in Spring.
 */
final class RetentionPropertySource {

  private static final Log LOGGER = LogFactory.getLog(RetentionPropertySource.class);

  private static final String PREFIX = "retention.";
  private static final String HEALTH = "health.";

  private final List<String> runtimeKeys = new ArrayList<>();
  private final List<String> starterKeys = new ArrayList<>();
  private final ScopeKeys scopeKeys;
  private final EnvironmentVariables environmentVariables;

  private RetentionPropertySource(Collection<String> passes) {
    scopeKeys = new ScopeKeys(passes);
    List<String> scopes = new ArrayList<>();
    scopes.add("defaults");
    scopes.addAll(passes);
    for (String scope : scopes) {
      for (RetentionOption option : RetentionOption.values()) {
        runtimeKeys.add(PREFIX + scope + "." + option.key());
      }
    }
    StarterProperties.ALL.forEach(property -> starterKeys.add(property.key()));
    environmentVariables = new EnvironmentVariables(passes, starterKeys);
  }

  /**
   * The {@code retention.*} keys meant for the runtime, with their values, sorted by key.
   *
   * @param passes the names of the passes the runtime will discover
   * @param starterProblems what is wrong with the starter's own properties, reported with the rest
   * @throws RetentionConfigurationException naming each key that matches no option, with its source and value, and
   *     each of {@code starterProblems}
   */
  static Map<String, String> configuration(ConfigurableEnvironment environment, Collection<String> passes,
      List<String> starterProblems) {
    return new RetentionPropertySource(passes).read(environment, starterProblems);
  }

  private Map<String, String> read(ConfigurableEnvironment environment, List<String> starterProblems) {
    Map<String, String> configuration = new TreeMap<>();
    List<String> problems = new ArrayList<>(starterProblems);
    // Sources come in order of precedence: the first to set a key wins.
    for (PropertySource<?> source : environment.getPropertySources()) {
      if (!(source instanceof EnumerablePropertySource<?> enumerable)) {
        continue;
      }
      boolean variables = source instanceof SystemEnvironmentPropertySource;
      for (String name : enumerable.getPropertyNames()) {
        Optional<String> key;
        if (name.startsWith(PREFIX)) {
          key = keyFor(name, source, environment, problems);
        } else if (variables && name.startsWith(EnvironmentVariables.PREFIX)) {
          // The starter's own variables are Spring's to bind, and empty here.
          key = environmentVariables.keyOf(name, problems, LOGGER::warn);
        } else {
          continue;
        }
        key.ifPresent(runtimeKey -> configuration.computeIfAbsent(runtimeKey, absent -> valueOf(name, source,
            environment)));
      }
    }
    if (!problems.isEmpty()) {
      throw new RetentionConfigurationException(problems);
    }
    return configuration;
  }

  /** The runtime's key for a {@code retention.*} property; empty for the starter's own and for a rejected one. */
  private Optional<String> keyFor(String name, PropertySource<?> source, ConfigurableEnvironment environment,
      List<String> problems) {
    String relaxed = relaxed(name);
    if (starterKeys.stream().anyMatch(key -> relaxed(key).equals(relaxed))) {
      return Optional.empty();
    }
    if (relaxed.startsWith(PREFIX + HEALTH)) {
      problems.add(unknown(name + " (" + source.getName() + ")", name, source, environment));
      return Optional.empty();
    }
    // Unmatched, the key goes as written: the runtime names the pass or the option it does not know.
    return Optional.of(runtimeKeys.stream().filter(key -> relaxed(key).equals(relaxed)).findFirst()
        .or(() -> scopeKeys.keyFor(name))
        .orElse(name));
  }

  private String unknown(String described, String name, PropertySource<?> source, ConfigurableEnvironment environment) {
    return described + " = \"" + valueOf(name, source, environment) + "\": matches no Retention property"
        + hint(name);
  }

  /** The key nearest to {@code name}, or else the forms keys take. */
  private String hint(String name) {
    return environmentVariables.closestKey(name)
        .map(key -> "; did you mean " + key + "?")
        .orElse(" (retention.defaults.<option>, retention.<entity class name>.<option>, " + ScopeKeys.FORM + ", "
            + String.join(", ", starterKeys) + ")");
  }

  private static String valueOf(String name, PropertySource<?> source, ConfigurableEnvironment environment) {
    Object value = source.getProperty(name);
    // A key written without a value reads as empty; the runtime then says what the option expects.
    return value == null ? "" : environment.resolvePlaceholders(value.toString());
  }

  /** A key as relaxed binding compares it: lower case, without dashes or underscores inside a segment. */
  static String relaxed(String key) {
    return key.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
  }
}
