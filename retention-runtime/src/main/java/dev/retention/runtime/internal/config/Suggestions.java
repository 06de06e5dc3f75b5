package dev.retention.runtime.internal.config;

import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Finds the name a typo most likely meant, for "did you mean" hints: the one helper of the runtime, the Spring Boot
 * starter and the Quarkus extension. Public for those integrations only; it is not part of the runtime's API.
 */
public final class Suggestions {

  private Suggestions() {}

  /**
   * The candidate closest to {@code typed}: one with the same simple name (the part after the last dot, ignoring
   * case), else the shortest that {@code typed} begins (a name cut short), else one within a few edits. A far-fetched
   * suggestion misleads more than none, so it may be empty.
   */
  public static Optional<String> closest(String typed, Collection<String> candidates) {
    return closest(typed, candidates, Function.identity());
  }

  /**
   * As {@link #closest(String, Collection)}, comparing {@code typed} with each candidate in the form
   * {@code normalized} gives it (an environment variable's name with the key it may stand for, say), and answering
   * the candidate as given.
   */
  public static Optional<String> closest(String typed, Collection<String> candidates,
      Function<String, String> normalized) {
    String typedSimple = simpleName(typed);
    Optional<String> sameSimpleName = candidates.stream()
        .filter(candidate -> simpleName(normalized.apply(candidate)).equalsIgnoreCase(typedSimple))
        .findFirst();
    if (sameSimpleName.isPresent()) {
      return sameSimpleName;
    }
    String typedLower = typed.toLowerCase(Locale.ROOT);
    Optional<String> cutShort = candidates.stream()
        .filter(candidate -> normalized.apply(candidate).toLowerCase(Locale.ROOT).startsWith(typedLower))
        .min(Comparator.comparingInt(String::length));
    if (cutShort.isPresent() && !typed.isEmpty()) {
      return cutShort;
    }
    int allowed = Math.max(2, typed.length() / 4);
    return candidates.stream()
        .filter(candidate -> distance(typed, normalized.apply(candidate)) <= allowed)
        .min(Comparator.comparingInt((String candidate) -> distance(typed, normalized.apply(candidate))));
  }

  private static String simpleName(String name) {
    return name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
  }

  /** Levenshtein distance: insertions, deletions and substitutions. */
  public static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
