package dev.retention.runtime;

/** How a pass deletes rows. The annotation processor chooses it per entity and says why in the generated javadoc. */
public enum DeleteStrategy {

  /**
   * Bulk statements: select the ids of one batch, oldest first, then delete them with the expiry predicate applied
   * again. No entity is loaded; the provider still keeps its caches right because the delete goes through JPA.
   */
  BULK_STATEMENTS,

  /**
   * {@code EntityManager.remove} on each entity of a batch, loaded with a pessimistic lock, for entities whose removal
   * must run callbacks ({@code @PreRemove}, entity listeners) or cascade to children, and for entities with an
   * {@code @IdClass} id, which no single query parameter can list.
   */
  ENTITY_REMOVAL
}
