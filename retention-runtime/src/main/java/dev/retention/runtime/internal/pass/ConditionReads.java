package dev.retention.runtime.internal.pass;

import jakarta.persistence.metamodel.Attribute;
import jakarta.persistence.metamodel.Attribute.PersistentAttributeType;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.ManagedType;
import jakarta.persistence.metamodel.Metamodel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What a pass's condition reads beyond the entity's own row. A statement that deletes re-applies the condition; but
 * {@code EntityManager.remove} deletes by id alone, and a database may delete a row it waited for without judging it
 * again when the delete reaches other rows through a join (H2), so a pass whose condition reads other rows holds every
 * row its condition reads from the moment it selects its batch: its own rows it locks, and the rows of each to-one
 * association the condition follows ({@code e.member.active}) it locks for reading. Rows a subquery or a collection
 * would read cannot be held that way.
 *
 * @param toOnes the to-one associations the condition follows, sorted by attribute
 * @param unguardedRead what the condition reads that no lock can hold (a subquery, a collection), or empty
 */
public record ConditionReads(List<ToOne> toOnes, Optional<String> unguardedRead) {

  /**
   * A to-one association the condition follows.
   *
   * @param attribute the association's attribute on the pass's entity
   * @param targetEntity the name in JPQL of the entity it leads to
   */
  public record ToOne(String attribute, String targetEntity) {}

  private static final Pattern STRING_LITERAL = Pattern.compile("'(?:[^']|'')*'");
  private static final Pattern PATH = Pattern.compile("(?<![\\w.])e((?:\\.\\w+)+)");
  private static final Pattern SUBQUERY = Pattern.compile("\\bselect\\b");

  /** A condition that reads nothing: the pass has none. */
  public static final ConditionReads NONE = new ConditionReads(List.of(), Optional.empty());

  /** What {@code condition} reads of {@code entity} and beyond. */
  public static ConditionReads of(String condition, EntityType<?> entity, Metamodel metamodel) {
    String outsideLiterals = STRING_LITERAL.matcher(condition).replaceAll("''");
    if (SUBQUERY.matcher(outsideLiterals.toLowerCase(Locale.ROOT)).find()) {
      return new ConditionReads(List.of(), Optional.of("a subquery"));
    }
    TreeMap<String, ToOne> toOnes = new TreeMap<>();
    Matcher path = PATH.matcher(outsideLiterals);
    while (path.find()) {
      String[] steps = path.group(1).substring(1).split("\\.");
      Attribute<?, ?> attribute = attributeOrNull(entity, steps[0]);
      if (attribute == null) {
        continue; // the provider refuses the condition at build() anyway
      }
      if (attribute.isCollection()) {
        return new ConditionReads(List.of(), Optional.of("the collection " + attribute.getName()));
      }
      if (isToOne(attribute)) {
        if (steps.length > 2 || steps.length == 2 && followsAnother(metamodel, attribute, steps[1])) {
          return new ConditionReads(List.of(), Optional.of("the path e." + String.join(".", steps)
              + " through more than one association"));
        }
        toOnes.put(attribute.getName(),
            new ToOne(attribute.getName(), metamodel.entity(attribute.getJavaType()).getName()));
      }
    }
    return new ConditionReads(new ArrayList<>(toOnes.values()), Optional.empty());
  }

  private static @Nullable Attribute<?, ?> attributeOrNull(ManagedType<?> type, String name) {
    try {
      return type.getAttribute(name);
    } catch (IllegalArgumentException unknown) {
      return null;
    }
  }

  private static boolean isToOne(Attribute<?, ?> attribute) {
    PersistentAttributeType type = attribute.getPersistentAttributeType();
    return type == PersistentAttributeType.MANY_TO_ONE || type == PersistentAttributeType.ONE_TO_ONE;
  }

  /** Whether {@code name}, read through the to-one {@code association}, is itself an association or a collection. */
  private static boolean followsAnother(Metamodel metamodel, Attribute<?, ?> association, String name) {
    Attribute<?, ?> next = attributeOrNull(metamodel.entity(association.getJavaType()), name);
    return next != null && (next.isCollection() || isToOne(next));
  }

  /** Whether the condition reads other rows than the entity's own. */
  public boolean readsOtherRows() {
    return !toOnes.isEmpty() || unguardedRead.isPresent();
  }
}
