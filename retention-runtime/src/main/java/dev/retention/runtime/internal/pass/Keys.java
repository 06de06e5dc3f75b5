package dev.retention.runtime.internal.pass;

import jakarta.persistence.Query;
import jakarta.persistence.metamodel.Attribute;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.Metamodel;
import jakarta.persistence.metamodel.SingularAttribute;
import jakarta.persistence.metamodel.Type.PersistenceType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * How a batch names the rows it selected, and how many it lists in one statement, read from the provider's metamodel:
 * by its one id attribute, bound as a list to {@code in :ids}; or, for an {@code @EmbeddedId} or {@code @IdClass} id,
 * by every attribute of the key ({@code id.region}, {@code id.number}), one equality conjunction per row, which every
 * provider accepts where a list of embeddables bound to {@code in :ids} is not (EclipseLink binds each as one value).
 *
 * <p>Every statement that lists keys lists at most {@value #IDS_PER_STATEMENT} single ids, or keys of several
 * attributes within {@value #PARAMETERS_PER_STATEMENT} parameters, whatever the batch size: far below every driver's
 * parameter limit (PostgreSQL's is 65,535), padding of {@code in} lists included, and cheap for H2, which checks each
 * row it finds against the whole list (10,000 ids in one statement took 409 ms of CPU against 59 ms in twenty
 * statements of 500, docs/PERFORMANCE.md). On the servers the extra statements cost a round trip each, under a
 * millisecond against the batch's tens.
 */
public final class Keys {

  /** The most single ids one statement lists. */
  public static final int IDS_PER_STATEMENT = 500;

  /** The most parameters one statement binds for keys of several attributes. */
  public static final int PARAMETERS_PER_STATEMENT = 1_000;

  /** The entity's single id attribute; null for an {@code @IdClass} key, which has none. */
  private final @Nullable String idAttribute;
  /** The paths of the key's attributes; empty for a single id attribute. */
  private final List<String> paths;

  private Keys(@Nullable String idAttribute, List<String> paths) {
    this.idAttribute = idAttribute;
    this.paths = List.copyOf(paths);
  }

  static Keys of(Metamodel metamodel, EntityType<?> entity) {
    if (!singleId(entity)) {
      return new Keys(null, names("", entity.getIdClassAttributes()));
    }
    SingularAttribute<?, ?> id = idAttribute(entity);
    if (id.getType().getPersistenceType() != PersistenceType.EMBEDDABLE) {
      return new Keys(id.getName(), List.of());
    }
    return new Keys(id.getName(), names(id.getName() + ".",
        metamodel.embeddable(id.getJavaType()).getSingularAttributes()));
  }

  /**
   * Whether {@code entity}'s key is one attribute (an {@code @Id} or an {@code @EmbeddedId}), not an {@code @IdClass}.
   * EclipseLink answers {@code hasSingleIdAttribute()} false for a {@code @Multitenant(TABLE_PER_TENANT)} entity,
   * whose descriptor it completes per tenant, and has no {@code @IdClass} attributes for it either: one attribute
   * marked as the id and no {@code @IdClass} is a single id all the same.
   */
  public static boolean singleId(EntityType<?> entity) {
    if (entity.hasSingleIdAttribute()) {
      return true;
    }
    if (entity.getSingularAttributes().stream().filter(SingularAttribute::isId).count() != 1) {
      return false;
    }
    try {
      return entity.getIdClassAttributes().isEmpty();
    } catch (IllegalArgumentException noIdClass) {
      return true; // EclipseLink's way of saying the entity has no @IdClass
    }
  }

  /**
   * The single id attribute of {@code entity}. Found by {@code isId()}, not by {@code getId(type)}: EclipseLink gives a
   * primitive id's type boxed there, then refuses the lookup by it.
   */
  static SingularAttribute<?, ?> idAttribute(EntityType<?> entity) {
    return entity.getSingularAttributes().stream().filter(SingularAttribute::isId).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("Entity " + entity.getName() + " has no single id attribute"));
  }

  private static List<String> names(String prefix, Set<? extends Attribute<?, ?>> attributes) {
    return attributes.stream().map(Attribute::getName).sorted(Comparator.naturalOrder())
        .map(name -> prefix + name).collect(Collectors.toList());
  }

  /** Whether the key spans several attributes. */
  public boolean composite() {
    return !paths.isEmpty();
  }

  /**
   * Whether the key is an {@code @IdClass}'s attributes: the entity has no single id attribute, and its identifier is
   * an instance of the id class, which no one attribute of a row holds. Read from the metamodel once, with the key.
   */
  public boolean idClass() {
    return idAttribute == null;
  }

  /** How many values name one row. */
  public int columns() {
    return composite() ? paths.size() : 1;
  }

  /** The key as a JPQL select list over {@code e}: {@code e.id}, or {@code e.id.a, e.id.b}. */
  public String selectList() {
    return composite() ? paths.stream().map(path -> "e." + path).collect(Collectors.joining(", ")) : "e." + idAttribute;
  }

  /**
   * The JPQL that matches the rows of one chunk of {@code rows} keys: {@code e.id in :ids}, or one equality conjunction
   * per row, {@code ((e.a = :k0_0 and e.b = :k0_1) or ...)}.
   */
  public String match(int rows) {
    if (!composite()) {
      return "e." + idAttribute + " in :ids";
    }
    StringJoiner any = new StringJoiner(" or ", "(", ")");
    for (int row = 0; row < rows; row++) {
      StringJoiner all = new StringJoiner(" and ", "(", ")");
      for (int column = 0; column < paths.size(); column++) {
        all.add("e." + paths.get(column) + " = :" + parameter(row, column));
      }
      any.add(all.toString());
    }
    return any.toString();
  }

  /** The selected keys in chunks of at most one statement's worth each. */
  public List<List<Object>> chunks(List<?> keys) {
    int size = composite() ? Math.max(1, PARAMETERS_PER_STATEMENT / paths.size()) : IDS_PER_STATEMENT;
    List<List<Object>> chunks = new ArrayList<>();
    for (int from = 0; from < keys.size(); from += size) {
      chunks.add(new ArrayList<>(keys.subList(from, Math.min(keys.size(), from + size))));
    }
    return chunks;
  }

  /** Binds one chunk as {@link #match} names it: the ids as {@code :ids}, or each key's columns. */
  public <Q extends Query> Q bind(Q query, List<Object> chunk) {
    if (!composite()) {
      query.setParameter("ids", chunk);
      return query;
    }
    for (int row = 0; row < chunk.size(); row++) {
      Object[] key = paths.size() == 1 ? new Object[] {chunk.get(row)} : (Object[]) chunk.get(row);
      for (int column = 0; column < key.length; column++) {
        query.setParameter(parameter(row, column), key[column]);
      }
    }
    return query;
  }

  private static String parameter(int row, int column) {
    return "k" + row + "_" + column;
  }
}
