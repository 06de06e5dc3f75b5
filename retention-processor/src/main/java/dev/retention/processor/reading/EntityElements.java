package dev.retention.processor.reading;

import java.util.List;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * An {@code @Entity} as read from its elements, before any check: its hierarchy and the {@code @Ttl} and
 * {@code @TtlScope} members in it.
 *
 * @param entity the entity class
 * @param hierarchy the entity and its superclasses
 * @param ttlMembers every {@code @Ttl} member in the hierarchy, the entity's own first
 * @param scopeMembers every {@code @TtlScope} member in the hierarchy, the entity's own first
 */
public record EntityElements(TypeElement entity, Hierarchy hierarchy, List<TtlMember> ttlMembers,
    List<ScopeMember> scopeMembers) {

  /** Reads {@code entity}; empty when a superclass is not resolved yet, so that it must be read in a later round. */
  public static Optional<EntityElements> read(TypeElement entity) {
    return Hierarchy.of(entity).map(hierarchy -> new EntityElements(entity, hierarchy, hierarchy.ttlMembers(),
        hierarchy.scopeMembers()));
  }

  /**
   * Whether this entity is the one to check and give a pass: it has a {@code @Ttl} attribute and is the topmost entity
   * up to the class declaring it (a subclass entity shares its root's rows, and so its pass). With several
   * {@code @Ttl} attributes it is checked, so that the conflict is reported.
   */
  public boolean ownsPass() {
    if (ttlMembers.isEmpty()) {
      return false;
    }
    return ttlMembers.size() > 1
        || hierarchy.topmostEntityUpTo(ttlMembers.get(0).declaringType()).equals(entity);
  }

  /** The single {@code @Ttl} member; only for an entity without a duplicate. */
  public TtlMember ttlMember() {
    return ttlMembers.get(0);
  }

  /** The single {@code @TtlScope} member, if there is one; only for an entity without a duplicate. */
  public Optional<ScopeMember> scopeMember() {
    return scopeMembers.stream().findFirst();
  }
}
