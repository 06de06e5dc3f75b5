package dev.retention.benchmarks.locks;

import dev.retention.benchmarks.model.LockRow;
import dev.retention.benchmarks.model.TextLockRow;
import java.util.List;

/**
 * The key shapes of {@code --modes=locks}: Spring Integration's composite {@code (LOCK_KEY, REGION)} as an
 * {@code @EmbeddedId} ({@code INT_LOCK}), and the same table with {@code LOCK_KEY} alone, a UUID in text, as its key
 * ({@code INT_LOCK_TEXT}).
 */
enum LockKeys {
  COMPOSITE("composite", LockRow.class, "INT_LOCK", List.of("LOCK_KEY", "REGION")),
  TEXT("text", TextLockRow.class, "INT_LOCK_TEXT", List.of("LOCK_KEY"));

  final String key;
  final Class<?> entity;
  final String table;
  final List<String> columns;

  LockKeys(String key, Class<?> entity, String table, List<String> columns) {
    this.key = key;
    this.entity = entity;
    this.table = table;
    this.columns = columns;
  }

  /** The index the provider creates on {@code CREATED_DATE}. */
  String index() {
    return table + "_CREATED_DATE";
  }

  static LockKeys parse(String key) {
    for (LockKeys keys : values()) {
      if (keys.key.equals(key.trim())) {
        return keys;
      }
    }
    throw new IllegalArgumentException("No lock key shape '" + key + "' (composite, text)");
  }
}
