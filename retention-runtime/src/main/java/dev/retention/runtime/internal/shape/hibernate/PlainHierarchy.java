package dev.retention.runtime.internal.shape.hibernate;

import java.util.Optional;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.AbstractEntityPersister;
import org.hibernate.persister.entity.EntityPersister;
import org.hibernate.persister.entity.SingleTableEntityPersister;
import org.jspecify.annotations.Nullable;

/**
 * Whether a native statement may stand in for Hibernate's own on an entity: native SQL skips what Hibernate adds to a
 * bulk statement, so every entity of the hierarchy must have none of it (collections, secondary tables, soft delete,
 * restrictions, a tenant column). The ctid delete, MariaDB's deletes by key and the partition step all ask here, the
 * partition step for why not as well.
 */
final class PlainHierarchy {

  private static final boolean TENANT_MAPPING = hasTenantMapping();

  private PlainHierarchy() {}

  /**
   * The persister of {@code entityType} when a native statement may name its one table: the root of a single-table
   * hierarchy, one table, one id column, and a plain hierarchy; empty otherwise.
   */
  static Optional<SingleTableEntityPersister> plainRoot(SessionFactoryImplementor factory, Class<?> entityType) {
    return plainRoot(factory, entityType, false).filter(root -> root.getIdentifierColumnNames().length == 1);
  }

  /**
   * As {@link #plainRoot(SessionFactoryImplementor, Class)}, with any number of id columns (an {@code @EmbeddedId}),
   * for statements that name rows by their physical address or by a range of the {@code @Ttl} attribute, never by key.
   */
  static Optional<SingleTableEntityPersister> plainRootWithAnyKey(SessionFactoryImplementor factory,
      Class<?> entityType) {
    return plainRoot(factory, entityType, false);
  }

  /**
   * The single-table root with one id column, with Hibernate's {@code @SoftDelete} allowed when {@code softDeleted}:
   * the statements that purge such an entity's rows mean to skip it.
   */
  static Optional<SingleTableEntityPersister> softDeletedRoot(SessionFactoryImplementor factory, Class<?> entityType) {
    return plainRoot(factory, entityType, true).filter(root -> root.getIdentifierColumnNames().length == 1);
  }

  /**
   * Why no native statement may name {@code entityType}'s table as {@link #plainRootWithAnyKey} would, for the start
   * line; empty when one may.
   */
  static Optional<String> whyNotPlainRoot(SessionFactoryImplementor factory, Class<?> entityType) {
    return Optional.ofNullable(judge(factory, entityType, false).refusal());
  }

  private static Optional<SingleTableEntityPersister> plainRoot(SessionFactoryImplementor factory, Class<?> entityType,
      boolean softDeleted) {
    return Optional.ofNullable(judge(factory, entityType, softDeleted).root());
  }

  /** The persister of a plain single-table root, or why the entity is none; exactly one of them is null. */
  private record Verdict(@Nullable SingleTableEntityPersister root, @Nullable String refusal) {
    static Verdict refused(String refusal) {
      return new Verdict(null, refusal);
    }
  }

  private static Verdict judge(SessionFactoryImplementor factory, Class<?> entityType, boolean softDeleteAllowed) {
    EntityPersister persister = factory.getMappingMetamodel().getEntityDescriptor(entityType);
    if (!(persister instanceof SingleTableEntityPersister single)) {
      return Verdict.refused("its hierarchy is mapped JOINED or TABLE_PER_CLASS, its rows spread over several tables");
    }
    if (single.isInherited()) {
      return Verdict.refused("it is a subclass of " + single.getRootEntityName()
          + ", whose table holds the rows of other entities too");
    }
    if (single.getIdentifierColumnNames().length < 1) {
      return Verdict.refused("it has no id column");
    }
    return whyNotPlain(factory, single, softDeleteAllowed).map(Verdict::refused)
        .orElseGet(() -> new Verdict(single, null));
  }

  /** Whether no entity of {@code root}'s hierarchy has what a native delete would skip. */
  static boolean isPlain(SessionFactoryImplementor factory, AbstractEntityPersister root) {
    return whyNotPlain(factory, root, false).isEmpty();
  }

  /** What the first entity of {@code root}'s hierarchy that a native statement would skip has; empty for none. */
  private static Optional<String> whyNotPlain(SessionFactoryImplementor factory, AbstractEntityPersister root,
      boolean softDeleteAllowed) {
    return factory.getMappingMetamodel().streamEntityDescriptors()
        .filter(persister -> persister.getRootEntityName().equals(root.getEntityName()))
        .map(persister -> whyNotPlain(persister, softDeleteAllowed))
        .flatMap(Optional::stream)
        .findFirst();
  }

  /** What one entity of a hierarchy has that a native statement would skip, naming it; empty when it has none. */
  private static Optional<String> whyNotPlain(EntityPersister persister, boolean softDeleteAllowed) {
    String name = persister.getEntityName();
    if (!(persister instanceof AbstractEntityPersister entity)) {
      return Optional.of(name + " is mapped by a persister native statements cannot read");
    }
    if (entity.hasCollections()) {
      return Optional.of(name + " has collections, whose rows Hibernate deletes along with its own");
    }
    if (entity.getTableNames().length != 1) {
      return Optional.of(name + " is mapped to several tables (a secondary table)");
    }
    if (!softDeleteAllowed && entity.getSoftDeleteMapping() != null) {
      return Optional.of(name + " is deleted softly (@SoftDelete)");
    }
    if (entity.hasWhereRestrictions()) {
      return Optional.of(name + " has an @SQLRestriction, which Hibernate's statements add and native SQL skips");
    }
    if (!hasNoTenantColumn(entity)) {
      return Optional.of(name + " has a tenant column (@TenantId), which Hibernate's statements add and native SQL"
          + " skips");
    }
    return Optional.empty();
  }

  /** Whether an entity of {@code entityType}'s hierarchy is Hibernate's {@code @SoftDelete}: its deletes mark rows. */
  static boolean softDeleted(SessionFactoryImplementor factory, Class<?> entityType) {
    EntityPersister persister = factory.getMappingMetamodel().getEntityDescriptor(entityType);
    return factory.getMappingMetamodel().streamEntityDescriptors()
        .filter(each -> each.getRootEntityName().equals(persister.getRootEntityName()))
        .anyMatch(each -> each.getSoftDeleteMapping() != null);
  }

  /**
   * Whether the entity has no {@code @TenantId} column, which a native statement would ignore. Hibernate 7.4 says so
   * through its tenant mapping; Hibernate 6 has none and applies {@code @TenantId} as a filter on every load, loads by
   * key included, so an entity with any such filter is taken to have a tenant column, and the JPQL shapes, which
   * Hibernate translates with the tenant, run instead.
   */
  private static boolean hasNoTenantColumn(AbstractEntityPersister entity) {
    return TENANT_MAPPING ? entity.getTenantIdMapping() == null : !entity.hasFilterForLoadByKey();
  }

  /** Whether this Hibernate has {@code getTenantIdMapping()} (7.x); asked once, not by catching a linkage error. */
  private static boolean hasTenantMapping() {
    try {
      AbstractEntityPersister.class.getMethod("getTenantIdMapping");
      return true;
    } catch (NoSuchMethodException hibernate6) {
      return false;
    }
  }
}
