package dev.retention.runtime.internal.sweep.hibernate;

import dev.retention.runtime.Cutoff;
import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.internal.sweep.StatementShape;
import jakarta.persistence.EntityManager;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.AbstractEntityPersister;
import org.hibernate.persister.entity.EntityPersister;
import org.hibernate.persister.entity.SingleTableEntityPersister;
import org.hibernate.query.NativeQuery;

/**
 * One statement per batch on PostgreSQL: the oldest expired rows are found through the index, locked (skipping rows
 * another transaction holds), and deleted by their physical address, {@code ctid}, with the predicate applied again:
 *
 * <pre>{@code
 * delete from t where ctid = any(array(
 *     select ctid from t where ttl <= ? order by ttl, id limit ? for update skip locked))
 *   and ttl <= ?
 * }</pre>
 *
 * <p>Measured here about twice as fast as selecting ids and deleting by them, with no id list to bind. Native SQL
 * bypasses what Hibernate adds to a bulk statement, so this shape takes only plain entities: the root of a
 * single-table hierarchy with no collections, secondary tables, soft delete, restrictions or tenant column. The
 * statement names the entity as synchronized, so Hibernate evicts it from the second-level cache.
 */
final class PostgresCtidShape implements StatementShape {

  private static final boolean TENANT_MAPPING = hasTenantMapping();

  private final SessionFactoryImplementor factory;
  private final Map<String, String> statements = new ConcurrentHashMap<>();

  PostgresCtidShape(SessionFactoryImplementor factory) {
    this.factory = factory;
  }

  @Override
  public String name() {
    return "PostgreSQL ctid";
  }

  @Override
  public boolean supports(RetentionPass<?> pass) {
    if (pass.deleteStrategy() != DeleteStrategy.BULK_STATEMENTS) {
      return false;
    }
    EntityPersister persister = factory.getMappingMetamodel().getEntityDescriptor(pass.entityType());
    return persister instanceof SingleTableEntityPersister single
        && !single.isInherited()
        && single.getTableNames().length == 1
        && single.getIdentifierColumnNames().length == 1
        && single.getPropertyColumnNames(pass.ttlAttribute()).length == 1
        && hierarchyIsPlain(single);
  }

  @Override
  public int purgeBatch(EntityManager em, RetentionPass<?> pass, Cutoff cutoff, int batchSize) {
    String sql = statements.computeIfAbsent(pass.name(), name -> statement(pass));
    Object cutoffValue = pass.cutoffValue(cutoff);
    BatchSession.ASYNCHRONOUS_COMMIT.prepare(em);
    return em.createNativeQuery(sql)
        .unwrap(NativeQuery.class)
        .addSynchronizedEntityClass(pass.entityType())
        .setParameter(1, cutoffValue)
        .setParameter(2, batchSize)
        .setParameter(3, cutoffValue)
        .executeUpdate();
  }

  private String statement(RetentionPass<?> pass) {
    AbstractEntityPersister persister =
        (AbstractEntityPersister) factory.getMappingMetamodel().getEntityDescriptor(pass.entityType());
    String table = persister.getIdentifierTableName();
    String ttl = persister.getPropertyColumnNames(pass.ttlAttribute())[0];
    String id = persister.getIdentifierColumnNames()[0];
    return "delete from " + table + " where ctid = any(array(select ctid from " + table + " where " + ttl
        + " <= ?1 order by " + ttl + ", " + id + " limit ?2 for update skip locked)) and " + ttl + " <= ?3";
  }

  /** Whether no entity of the hierarchy has what a native delete would skip. */
  private boolean hierarchyIsPlain(AbstractEntityPersister root) {
    return factory.getMappingMetamodel().streamEntityDescriptors()
        .filter(persister -> persister.getRootEntityName().equals(root.getEntityName()))
        .allMatch(persister -> persister instanceof AbstractEntityPersister entity
            && !entity.hasCollections()
            && entity.getTableNames().length == 1
            && entity.getSoftDeleteMapping() == null
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
