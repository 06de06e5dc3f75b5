package dev.retention.spring.boot.autoconfigure;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Matches the keys of one scope's window, {@code retention.<pass>.scope.<value>.retention}, and writes them as the
 * runtime reads them. The pass, {@code scope} and the option are matched as relaxed binding matches them; the value is
 * data, a tenant's or a realm's id, so it is kept as written, dots included ({@code example.com}), and may be written
 * in brackets as Spring writes a map key: {@code retention.<pass>.scope[Acme].retention}.
 *
 * <p>Whatever follows the value goes to the runtime as written, which rejects any option but {@code retention} for one
 * scope. Environment variables are {@link dev.retention.runtime.integration.EnvironmentVariables}'s.
 */
final class ScopeKeys {

  /** How the key is written, for messages. */
  static final String FORM = "retention.<entity class name>.scope.<scope value>.retention";

  private static final String PREFIX = "retention.";
  private static final String SCOPE = "scope";
  private static final String WINDOW = "retention";

  /** Longest first, so that a pass named like another's prefix does not take its keys. */
  private final List<String> passes;

  ScopeKeys(Collection<String> passes) {
    this.passes = passes.stream().sorted(Comparator.comparingInt(String::length).reversed()).toList();
  }

  /** The runtime's key for the {@code retention.*} property {@code name}, when it names one scope of a pass. */
  Optional<String> keyFor(String name) {
    for (String pass : passes) {
      int end = endOfSegments(name, PREFIX.length(), segments(pass));
      if (end < 0 || !RetentionPropertySource.relaxed(name.substring(0, end))
          .equals(RetentionPropertySource.relaxed(PREFIX + pass))) {
        continue;
      }
      Optional<String> key = scopedKey(pass, name.substring(end + 1));
      if (key.isPresent()) {
        return key;
      }
    }
    return Optional.empty();
  }

  /** {@code scope.<value>.<option>} or {@code scope[<value>].<option>}, as the runtime's key. */
  private static Optional<String> scopedKey(String pass, String rest) {
    if (rest.length() <= SCOPE.length() + 1 || !rest.regionMatches(true, 0, SCOPE, 0, SCOPE.length())) {
      return Optional.empty();
    }
    char separator = rest.charAt(SCOPE.length());
    String afterScope = rest.substring(SCOPE.length() + 1);
    int valueEnd;
    int optionStart;
    if (separator == '.') {
      valueEnd = afterScope.lastIndexOf('.');
      optionStart = valueEnd + 1;
    } else if (separator == '[') {
      valueEnd = afterScope.lastIndexOf("].");
      optionStart = valueEnd + 2;
    } else {
      return Optional.empty();
    }
    if (valueEnd < 0) {
      return Optional.empty();
    }
    String option = afterScope.substring(optionStart);
    if (RetentionPropertySource.relaxed(option).equals(WINDOW)) {
      option = WINDOW;
    }
    return Optional.of(PREFIX + pass + "." + SCOPE + "." + afterScope.substring(0, valueEnd) + "." + option);
  }

  private static int segments(String pass) {
    return pass.split("\\.", -1).length;
  }

  /** The index of the dot after {@code count} segments from {@code start}, or -1 when the name has no more. */
  private static int endOfSegments(String name, int start, int count) {
    int dot = start - 1;
    for (int i = 0; i < count; i++) {
      dot = name.indexOf('.', dot + 1);
      if (dot < 0) {
        return -1;
      }
    }
    return dot;
  }
}
