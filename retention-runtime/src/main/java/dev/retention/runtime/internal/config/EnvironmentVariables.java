package dev.retention.runtime.internal.config;

import dev.retention.runtime.RetentionOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The key a {@code RETENTION_*} environment variable stands for, in the convention of MicroProfile Config and
 * Micronaut: the key upper-cased, every character other than a letter or a digit as {@code _}
 * ({@code RETENTION_DEFAULTS_BATCH_SIZE}, {@code RETENTION_COM_ACME_USERSESSION_DRY_RUN}). The window of one scope,
 * {@code RETENTION_<PASS>_SCOPE_<VALUE>_RETENTION}, reads the value in lower case with its underscores as dots, since
 * the environment keeps neither case nor dots. One rule for the Quarkus extension and the Micronaut integration, so
 * that they cannot drift apart. Public for those integrations only; it is not part of the runtime's API.
 */
public final class EnvironmentVariables {

  /** What every variable read here starts with: {@value}. */
  public static final String PREFIX = "RETENTION_";

  private static final String KEY_PREFIX = "retention.";
  private static final String SCOPE = "_SCOPE_";
  private static final String WINDOW = "_RETENTION";

  private final Map<String, List<String>> keysByVariable = new HashMap<>();
  private final List<String> keys = new ArrayList<>();
  /** Longest first, so that a pass named like another's prefix does not take its scope keys. */
  private final List<String> passes;

  /** The variables of the options of every pass in {@code passNames} and of {@code defaults}. */
  public EnvironmentVariables(Collection<String> passNames) {
    List<String> scopes = new ArrayList<>();
    scopes.add("defaults");
    scopes.addAll(passNames);
    for (String scope : scopes) {
      for (RetentionOption option : RetentionOption.values()) {
        String key = KEY_PREFIX + scope + "." + option.key();
        keys.add(key);
        keysByVariable.computeIfAbsent(variableOf(key), variable -> new ArrayList<>()).add(key);
      }
    }
    passes = passNames.stream().sorted(Comparator.comparingInt(String::length).reversed()).toList();
  }

  /** {@code key} as an environment variable names it. */
  public static String variableOf(String key) {
    StringBuilder variable = new StringBuilder(key.length());
    for (char c : key.toCharArray()) {
      variable.append(Character.isLetterOrDigit(c) ? Character.toUpperCase(c) : '_');
    }
    return variable.toString();
  }

  /**
   * The key {@code variable} stands for. Empty when it stands for none, after a warning to {@code warnings} that names
   * it (never its value: the variable may be another tool's, and its value a secret) and the variable it may have
   * meant; or when it is the key of several options, after a problem to {@code problems}, which should fail start-up.
   */
  public Optional<String> keyOf(String variable, List<String> problems, Consumer<String> warnings) {
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
      warnings.accept("Environment variable " + variable + " is ignored: it matches no Retention key"
          + Suggestions.closest(variable, keys, EnvironmentVariables::variableOf)
              .map(key -> "; did you mean " + variableOf(key) + " (" + key + ")?")
              .orElse(" (RETENTION_DEFAULTS_<OPTION>, RETENTION_<ENTITY CLASS NAME>_<OPTION>, in capitals with"
                  + " underscores)"));
    }
    return scopeKey;
  }

  /** {@code retention.<pass>.scope.<value>.retention} for {@code RETENTION_<PASS>_SCOPE_<VALUE>_RETENTION}. */
  private Optional<String> scopeKeyOf(String variable) {
    for (String pass : passes) {
      String start = variableOf(KEY_PREFIX + pass) + SCOPE;
      // RETENTION_<PASS>_SCOPE__RETENTION, with nothing between, is the scope of the empty string.
      if (variable.startsWith(start) && variable.endsWith(WINDOW)
          && variable.length() >= start.length() + WINDOW.length()) {
        String value = variable.substring(start.length(), variable.length() - WINDOW.length())
            .toLowerCase(Locale.ROOT).replace('_', '.');
        return Optional.of(KEY_PREFIX + pass + ".scope." + value + "." + RetentionOption.RETENTION.key());
      }
    }
    return Optional.empty();
  }
}
