package dev.retention.benchmarks.database;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Where the expired rows sit among the ids. */
public enum Layout {
  /** Expiry grows with the id, as in audit and session tables: the expired rows are the oldest ids. */
  ORDERED,
  /** Expired rows spread through the table: expiry is a fixed permutation of the ids. */
  SCATTERED;

  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Layout parse(String key) {
    return Arrays.stream(values())
        .filter(layout -> layout.key().equals(key.trim().toLowerCase(Locale.ROOT)))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("Unknown layout '" + key + "'; known: "
            + Arrays.stream(values()).map(Layout::key).collect(Collectors.joining(", "))));
  }
}
