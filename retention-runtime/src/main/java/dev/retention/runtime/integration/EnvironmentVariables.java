package dev.retention.runtime.integration;

import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.internal.config.Suggestions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The key a {@code RETENTION_*} environment variable stands for: one rule for every integration (the Spring Boot
 * starters, the Quarkus extension, the Micronaut integration), so that a variable means the same key wherever it is
 * set. Integrations read the variables themselves, since their configuration systems would split and lower-case a
 * pass's name, which is a class name, and ask here which key each one is.
 *
 * <ul>
 *   <li>The key in capitals, every character other than a letter or a digit as {@code _}, as MicroProfile Config and
 *       Micronaut write keys in the environment: {@code RETENTION_DEFAULTS_BATCH_SIZE},
 *       {@code RETENTION_COM_ACME_USERSESSION_DRY_RUN}.
 *   <li>Failing that, the key with any of its separators left out, as Spring's relaxed binding reads variables:
 *       {@code RETENTION_DEFAULTS_BATCHSIZE}.
 *   <li>The window of one scope, {@code RETENTION_<PASS>_SCOPE_<VALUE>_RETENTION}: the value in lower case with its
 *       underscores as dots ({@code RETENTION_COM_ACME_NOTE_SCOPE_EXAMPLE_COM_RETENTION} is the scope
 *       {@code example.com}), since the environment keeps neither case nor dots; nothing between the underscores is
 *       the empty value. Whatever follows the value goes to the runtime as written, which rejects any option but
 *       {@code retention} for one scope.
 *   <li>A variable that stands for several keys is a problem, which should fail start-up; one that stands for none is
 *       a warning, naming it and the variable it may have meant, and is ignored: the environment is shared with every
 *       tool on the host, and {@code RETENTION_DAYS} may be anyone's.
 * </ul>
 *
 * <p>An integration's own keys under {@code retention.} (the Spring Boot starter's {@code retention.enabled}, say) are
 * given to the constructor: a variable that stands for one is the integration's to bind, neither a runtime key nor a
 * warning.
 */
public final class EnvironmentVariables {

  /** What every variable read here starts with: {@value}. */
  public static final String PREFIX = "RETENTION_";

  private static final String KEY_PREFIX = "retention.";
  private static final String SCOPE = "scope";

  private final Set<String> integrationKeys;
  /** Every key a variable may stand for, the runtime's and the integration's, in order of declaration. */
  private final List<String> keys = new ArrayList<>();
  private final Map<String, List<String>> keysByVariable = new HashMap<>();
  private final Map<String, List<String>> keysBySquashed = new HashMap<>();
  /** Longest first, so that a pass named like another's prefix does not take its scope keys. */
  private final List<String> passes;

  /** The variables of the options of every pass in {@code passNames} and of {@code defaults}. */
  public EnvironmentVariables(Collection<String> passNames) {
    this(passNames, List.of());
  }

  /**
   * The variables of the options of every pass in {@code passNames} and of {@code defaults}, and of
   * {@code integrationKeys}, the integration's own keys under {@code retention.}, which it binds itself.
   */
  public EnvironmentVariables(Collection<String> passNames, Collection<String> integrationKeys) {
    List<String> scopes = new ArrayList<>();
    scopes.add("defaults");
    scopes.addAll(passNames);
    for (String scope : scopes) {
      for (RetentionOption option : RetentionOption.values()) {
        keys.add(KEY_PREFIX + scope + "." + option.key());
      }
    }
    keys.addAll(integrationKeys);
    for (String key : keys) {
      keysByVariable.computeIfAbsent(variableOf(key), variable -> new ArrayList<>()).add(key);
      keysBySquashed.computeIfAbsent(squashed(key), variable -> new ArrayList<>()).add(key);
    }
    this.integrationKeys = new LinkedHashSet<>(integrationKeys);
    passes = passNames.stream().sorted(Comparator.comparingInt(String::length).reversed()).toList();
  }

  /** {@code key} as an environment variable names it: in capitals, {@code _} for every other character. */
  public static String variableOf(String key) {
    StringBuilder variable = new StringBuilder(key.length());
    for (char c : key.toCharArray()) {
      variable.append(Character.isLetterOrDigit(c) ? Character.toUpperCase(c) : '_');
    }
    return variable.toString();
  }

  /**
   * The runtime's key {@code variable} stands for. Empty when it stands for one of the integration's own keys; when it
   * stands for none, after a warning to {@code warnings} that names it (never its value: the variable may be another
   * tool's, and its value a secret) and the variable it may have meant; or when it stands for several keys, after a
   * problem to {@code problems}, which should fail start-up.
   */
  public Optional<String> keyOf(String variable, List<String> problems, Consumer<String> warnings) {
    List<String> matches = keysByVariable.getOrDefault(variable, List.of());
    if (matches.isEmpty()) {
      matches = keysBySquashed.getOrDefault(squashed(variable), List.of());
    }
    if (matches.size() > 1) {
      problems.add("environment variable " + variable + " is the key of several options (" + String.join(", ", matches)
          + "): set the one meant in application.properties, or as a system property");
      return Optional.empty();
    }
    if (matches.size() == 1) {
      String key = matches.get(0);
      return integrationKeys.contains(key) ? Optional.empty() : Optional.of(key);
    }
    Optional<String> scopeKey = scopeKeyOf(variable);
    if (scopeKey.isEmpty()) {
      warnings.accept("Environment variable " + variable + " is ignored: it matches no Retention key"
          + closest(variable, EnvironmentVariables::variableOf)
              .map(key -> "; did you mean " + variableOf(key) + " (" + key + ")?")
              .orElse(" (RETENTION_DEFAULTS_<OPTION>, RETENTION_<ENTITY CLASS NAME>_<OPTION>,"
                  + " RETENTION_<ENTITY CLASS NAME>_SCOPE_<SCOPE VALUE>_RETENTION, in capitals with underscores)"));
    }
    return scopeKey;
  }

  /**
   * The key, the runtime's or the integration's, that {@code typed} most likely meant, compared without case or
   * separators: for the "did you mean" of a key an integration rejects itself. Empty when none is close.
   */
  public Optional<String> closestKey(String typed) {
    return closest(squashed(typed), EnvironmentVariables::squashed);
  }

  private Optional<String> closest(String typed, Function<String, String> normalized) {
    return Suggestions.closest(typed, keys, normalized);
  }

  /**
   * {@code retention.<pass>.scope.<rest>} for {@code RETENTION_<PASS>_SCOPE_<REST>}, the pass in either spelling, the
   * rest (the value and the option) in lower case with dots for underscores.
   */
  private Optional<String> scopeKeyOf(String variable) {
    if (!variable.startsWith(PREFIX)) {
      return Optional.empty();
    }
    List<String> words = Arrays.asList(variable.substring(PREFIX.length()).split("_", -1));
    for (String pass : passes) {
      String squashedPass = squashed(pass);
      StringBuilder read = new StringBuilder();
      for (int i = 0; i < words.size() && read.length() < squashedPass.length(); i++) {
        read.append(words.get(i).toLowerCase(Locale.ROOT));
        // At least the value and the option after SCOPE; the value may be empty.
        if (read.toString().equals(squashedPass) && i + 3 < words.size()
            && words.get(i + 1).equalsIgnoreCase(SCOPE)) {
          String rest = words.subList(i + 2, words.size()).stream()
              .map(word -> word.toLowerCase(Locale.ROOT))
              .collect(Collectors.joining("."));
          return Optional.of(KEY_PREFIX + pass + "." + SCOPE + "." + rest);
        }
      }
    }
    return Optional.empty();
  }

  /** A key or a variable without case or separators: its letters and digits, in lower case. */
  private static String squashed(String name) {
    StringBuilder squashed = new StringBuilder(name.length());
    for (char c : name.toCharArray()) {
      if (Character.isLetterOrDigit(c)) {
        squashed.append(Character.toLowerCase(c));
      }
    }
    return squashed.toString();
  }
}
