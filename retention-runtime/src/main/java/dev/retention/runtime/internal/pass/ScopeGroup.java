package dev.retention.runtime.internal.pass;

import dev.retention.runtime.Scope;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The scopes one predicate covers: every row of the pass, one {@link Scope} (the rows of one value, or those without a
 * value), or several values swept against one window together, so that the scopes sharing a window cost one batch
 * rather than one each. A group's values are never null and there are at least two; a group of one is that scope.
 */
public final class ScopeGroup {

  private static final ScopeGroup ALL = new ScopeGroup(Scope.all(), List.of());

  /** The scope of a group of one value or none; null for a group of several values. */
  private final @Nullable Scope scope;
  private final List<Object> values;

  private ScopeGroup(@Nullable Scope scope, List<Object> values) {
    this.scope = scope;
    this.values = values;
  }

  /** Every row of the pass. */
  public static ScopeGroup all() {
    return ALL;
  }

  /** The rows of {@code scope} alone; {@link #all()} for {@link Scope#all()}. */
  public static ScopeGroup of(Scope scope) {
    return scope.isAll() ? ALL : new ScopeGroup(scope, scope.value().map(List::of).orElse(List.of()));
  }

  /**
   * The rows of any of {@code values}: one scope for a single value.
   *
   * @throws IllegalArgumentException when {@code values} is empty or holds null (the rows without a value are a scope
   *     of their own, {@code Scope.of(null)})
   */
  public static ScopeGroup of(List<?> values) {
    if (values.isEmpty() || values.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("A group of scopes needs values, none of them null: " + values);
    }
    return values.size() == 1 ? of(Scope.of(values.get(0))) : new ScopeGroup(null, List.copyOf(values));
  }

  /** Whether this is every row of the pass. */
  public boolean isAll() {
    return this == ALL;
  }

  /** The one scope this is, when it is one (every row included); empty for several values. */
  public Optional<Scope> single() {
    return Optional.ofNullable(scope);
  }

  /** Whether this is the rows whose scope attribute is null. */
  public boolean withoutValue() {
    return scope != null && !scope.isAll() && scope.value().isEmpty();
  }

  /** The scope values whose rows this covers: none for all rows and for the rows without a value. */
  public List<Object> values() {
    return values;
  }

  /** Whether a row whose scope attribute holds {@code value} belongs here, its value compared as Java compares it. */
  public boolean contains(Object value) {
    return isAll() || (value == null ? withoutValue() : values.contains(value));
  }

  /** How many scopes this covers; 0 for all rows. */
  public int size() {
    return isAll() ? 0 : scope != null ? 1 : values.size();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ScopeGroup that && Objects.equals(scope, that.scope) && values.equals(that.values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(scope, values);
  }

  /** The scope, or the group's first values and how many more: a failure names the scopes of its batch. */
  @Override
  public String toString() {
    if (scope != null) {
      return scope.toString();
    }
    int shown = Math.min(values.size(), 3);
    String first = String.join(", ", values.subList(0, shown).stream().map(String::valueOf).toList());
    return "scopes " + first + (values.size() > shown ? " and " + (values.size() - shown) + " more" : "");
  }
}
