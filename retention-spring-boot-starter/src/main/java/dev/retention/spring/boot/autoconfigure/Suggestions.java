package dev.retention.spring.boot.autoconfigure;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;
import java.util.function.Function;

/** The known key nearest to a mistyped one, for "did you mean" hints. */
final class Suggestions {

  private Suggestions() {}

  /**
   * The candidate within a few edits of {@code typed}, both compared in the form {@code normalized} gives them; empty
   * when none is that close, since a far-fetched suggestion misleads more than none.
   */
  static Optional<String> closest(String typed, Collection<String> candidates, Function<String, String> normalized) {
    int allowed = Math.max(2, typed.length() / 8);
    return candidates.stream()
        .map(candidate -> new Scored(candidate, distance(typed, normalized.apply(candidate))))
        .filter(scored -> scored.distance() <= allowed)
        .min(Comparator.comparingInt(Scored::distance))
        .map(Scored::candidate);
  }

  private record Scored(String candidate, int distance) {}

  /** Levenshtein distance: insertions, deletions and substitutions. */
  static int distance(String a, String b) {
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
