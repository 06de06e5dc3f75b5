package dev.retention.runtime;

import java.util.Objects;
import java.util.Optional;

/**
 * Which rows of a pass a statement may touch: all of them, or the rows of one scope of an entity with a
 * {@code @TtlScope} attribute (the rows whose scope attribute equals one value, or is null).
 */
public final class Scope {

  private static final Scope ALL = new Scope(true, null);
  private static final Scope NONE = new Scope(false, null);

  private final boolean all;
  private final Object value;

  private Scope(boolean all, Object value) {
    this.all = all;
    this.value = value;
  }

  /** Every row of the pass, whatever its scope. */
  public static Scope all() {
    return ALL;
  }

  /** The rows whose scope attribute equals {@code value}; with {@code null}, the rows whose scope attribute is null. */
  public static Scope of(Object value) {
    return value == null ? NONE : new Scope(false, value);
  }

  /** Whether this is {@link #all()}. */
  public boolean isAll() {
    return all;
  }

  /** The scope attribute's value of this scope's rows; empty for {@link #all()} and for the rows without one. */
  public Optional<Object> value() {
    return Optional.ofNullable(value);
  }

  /** The value as configuration keys spell it ({@code retention.<pass>.scope.<value>.retention}); "null" for none. */
  public String key() {
    return all ? "*" : String.valueOf(value);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Scope that && all == that.all && Objects.equals(value, that.value);
  }

  @Override
  public int hashCode() {
    return Objects.hash(all, value);
  }

  @Override
  public String toString() {
    return all ? "all scopes" : value == null ? "scope null" : "scope " + value;
  }
}
