package dev.retention.runtime.internal.scope;

import java.text.CollationKey;
import java.text.Collator;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which text scope values a database's collation may take for one value. Databases compare text by the column's
 * collation, which may ignore case ({@code ACME} and {@code acme}), accents, and trailing spaces (MariaDB's PAD SPACE
 * collations: {@code ""} and {@code " "}); the runtime cannot ask the column cheaply, so it takes two values as
 * possibly one when they are equal at the primary strength of the root locale's collation once trailing spaces are
 * dropped. That errs towards "possibly one", which only ever lengthens a window: values possibly one take the longest
 * window among them.
 */
public final class ScopeFolding {

  private static final Collator PRIMARY = primary();
  private static final Pattern TRAILING_SPACES = Pattern.compile(" +$");

  private ScopeFolding() {}

  private static Collator primary() {
    Collator collator = Collator.getInstance(Locale.ROOT);
    collator.setStrength(Collator.PRIMARY);
    collator.setDecomposition(Collator.FULL_DECOMPOSITION);
    return collator;
  }

  /**
   * What {@code value} is folded to: equal folds for values a collation may take as one. Values that are not text are
   * their own fold.
   */
  public static Object fold(Object value) {
    if (!(value instanceof String text)) {
      return value;
    }
    String trimmed = TRAILING_SPACES.matcher(text).replaceAll("");
    CollationKey key;
    synchronized (PRIMARY) { // a Collator is not safe for use by several threads at once
      key = PRIMARY.getCollationKey(trimmed);
    }
    return new Fold(key.toByteArray());
  }

  /** A text value's fold, compared by its bytes. */
  private record Fold(byte[] key) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Fold that && java.util.Arrays.equals(key, that.key);
    }

    @Override
    public int hashCode() {
      return java.util.Arrays.hashCode(key);
    }
  }
}
