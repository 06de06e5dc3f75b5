package dev.retention.runtime.internal.shape.hibernate;

import java.util.Optional;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.AbstractEntityPersister;
import org.hibernate.persister.entity.EntityPersister;
import org.hibernate.persister.entity.SingleTableEntityPersister;

/**
 * Whether a native statement may stand in for Hibernate's own on an entity: native SQL skips what Hibernate adds to a
 * bulk statement, so every entity of the hierarchy must have none of it (collections, secondary tables, soft delete,
 * restrictions, a tenant column). The ctid delete and MariaDB's primary-key delete both ask here.
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

  private static Optional<SingleTableEntityPersister> plainRoot(SessionFactoryImplementor factory, Class<?> entityType,
      boolean softDeleted) {
    EntityPersister persister = factory.getMappingMetamodel().getEntityDescriptor(entityType);
    if (!(persister instanceof SingleTableEntityPersister single)
        || single.isInherited()
        || single.getTableNames().length != 1
        || single.getIdentifierColumnNames().length < 1
        || !isPlain(factory, single, softDeleted)) {
      return Optional.empty();
    }
    return Optional.of(single);
  }

  /** Whether an entity of {@code entityType}'s hierarchy is Hibernate's {@code @SoftDelete}: its deletes mark rows. */
  static boolean softDeleted(SessionFactoryImplementor factory, Class<?> entityType) {
    EntityPersister persister = factory.getMappingMetamodel().getEntityDescriptor(entityType);
    return factory.getMappingMetamodel().streamEntityDescriptors()
        .filter(each -> each.getRootEntityName().equals(persister.getRootEntityName()))
        .anyMatch(each -> each.getSoftDeleteMapping() != null);
  }

  /** Whether no entity of {@code root}'s hierarchy has what a native delete would skip. */
  static boolean isPlain(SessionFactoryImplementor factory, AbstractEntityPersister root) {
    return isPlain(factory, root, false);
  }

  private static boolean isPlain(SessionFactoryImplementor factory, AbstractEntityPersister root,
      boolean softDeleteAllowed) {
    return factory.getMappingMetamodel().streamEntityDescriptors()
        .filter(persister -> persister.getRootEntityName().equals(root.getEntityName()))
        .allMatch(persister -> persister instanceof AbstractEntityPersister entity
            && !entity.hasCollections()
            && entity.getTableNames().length == 1
            && (softDeleteAllowed || entity.getSoftDeleteMapping() == null)
            && !entity.hasWhereRestrictions()
            && hasNoTenantColumn(entity));
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
