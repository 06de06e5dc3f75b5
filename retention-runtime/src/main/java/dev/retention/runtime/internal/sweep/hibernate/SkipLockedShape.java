package dev.retention.runtime.internal.sweep.hibernate;

import dev.retention.runtime.Cutoff;
import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.internal.statement.PassStatements;
import dev.retention.runtime.internal.sweep.JpaHints;
import dev.retention.runtime.internal.sweep.StatementShape;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.Metamodel;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.hibernate.Session;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.UnionSubclassEntityPersister;

/**
 * The pass's own two steps, with the rows of each batch locked as they are selected and rows another transaction holds
 * skipped ({@code FOR UPDATE SKIP LOCKED}): several instances then drain one table side by side instead of queueing
 * on each other's locks, and a row a foreground transaction holds waits for a later sweep. Because the rows stay locked
 * from selection to deletion, the delete goes by id alone.
 */
final class SkipLockedShape implements StatementShape {

  /** Hibernate's lock timeout for "skip the rows that are locked" ({@code LockOptions.SKIP_LOCKED}). */
  private static final int SKIP_LOCKED = -2;

  /** The most deletes sent in one JDBC batch when locked rows are removed entity by entity. */
  private static final int MAX_JDBC_BATCH = 1_000;

  private final SessionFactoryImplementor factory;
  private final Metamodel metamodel;
  private final BatchSession session;
  private final boolean byPrimaryKeyOnly;
  private final Map<String, Statements> statements = new ConcurrentHashMap<>();
  private final Map<String, Optional<PrimaryKeyDelete>> primaryKeyDeletes = new ConcurrentHashMap<>();

  /**
   * @param byPrimaryKeyOnly whether locked rows must be deleted through their primary key alone, never by a statement
   *     the optimizer may turn into a scan that waits on rows other transactions hold (MariaDB and MySQL: see
   *     {@link PrimaryKeyDelete})
   */
  SkipLockedShape(SessionFactoryImplementor factory, Metamodel metamodel, BatchSession session,
      boolean byPrimaryKeyOnly) {
    this.factory = factory;
    this.metamodel = metamodel;
    this.session = session;
    this.byPrimaryKeyOnly = byPrimaryKeyOnly;
  }

  @Override
  public String name() {
    return "JPQL with SKIP LOCKED";
  }

  /**
   * Every pass but those of a table-per-class hierarchy, whose rows are read through a union that databases refuse to
   * lock; and for bulk deletes, only entities with a single id attribute, which one parameter can list.
   */
  @Override
  public boolean supports(RetentionPass<?> pass) {
    if (factory.getMappingMetamodel().getEntityDescriptor(pass.entityType()) instanceof UnionSubclassEntityPersister) {
      return false;
    }
    EntityType<?> entity = metamodel.entity(pass.entityType());
    return pass.deleteStrategy() == DeleteStrategy.ENTITY_REMOVAL || entity.hasSingleIdAttribute();
  }

  @Override
  public int purgeBatch(EntityManager em, RetentionPass<?> pass, Cutoff cutoff, int batchSize) {
    Statements jpql = statements.computeIfAbsent(pass.name(), name -> Statements.of(metamodel, pass));
    Object cutoffValue = pass.cutoffValue(cutoff);
    session.prepare(em);
    Optional<PrimaryKeyDelete> primaryKeyDelete =
        byPrimaryKeyOnly && pass.deleteStrategy() == DeleteStrategy.BULK_STATEMENTS
        ? primaryKeyDeletes.computeIfAbsent(pass.name(), name -> PrimaryKeyDelete.of(factory, pass))
        : Optional.empty();
    if (pass.deleteStrategy() == DeleteStrategy.ENTITY_REMOVAL || byPrimaryKeyOnly && primaryKeyDelete.isEmpty()) {
      // A bulk pass's entity has no callbacks or cascades, so removing it entity by entity deletes the same rows,
      // each by its primary key.
      return removeLocked(em, jpql, cutoffValue, batchSize);
    }
    List<?> ids = locked(em.createQuery(jpql.selectIds())
        .setParameter("cutoff", cutoffValue)
        .setMaxResults(batchSize))
        .getResultList();
    if (ids.isEmpty()) {
      return 0;
    }
    if (primaryKeyDelete.isPresent()) {
      return primaryKeyDelete.get().execute(em, pass.entityType(), ids);
    }
    return em.createQuery(jpql.delete())
        .setParameter("ids", ids)
        .executeUpdate();
  }

  /** Locks the batch's entities as they are selected, skipping those others hold, and removes them. */
  private int removeLocked(EntityManager em, Statements jpql, Object cutoffValue, int batchSize) {
    List<?> expired = locked(em.createQuery(jpql.selectEntities())
        .setParameter("cutoff", cutoffValue)
        .setMaxResults(batchSize))
        .getResultList();
    if (byPrimaryKeyOnly) {
      em.unwrap(Session.class).setJdbcBatchSize(Math.max(1, Math.min(batchSize, MAX_JDBC_BATCH)));
    }
    expired.forEach(em::remove);
    em.flush();
    em.clear();
    return expired.size();
  }

  private static jakarta.persistence.Query locked(jakarta.persistence.Query query) {
    return query.setLockMode(LockModeType.PESSIMISTIC_WRITE).setHint(JpaHints.LOCK_TIMEOUT, SKIP_LOCKED);
  }

  /** The JPQL of one pass, from the metamodel and the pass's attribute. */
  private record Statements(String selectIds, String selectEntities, String delete) {
    static Statements of(Metamodel metamodel, RetentionPass<?> pass) {
      PassStatements statements = PassStatements.of(metamodel, pass);
      // No second look at the attribute when deleting: the rows are locked since they were selected, so no one moved
      // them, and the extra predicate let MariaDB run the delete through the attribute's index, into rows other
      // instances had locked.
      return new Statements(statements.selectExpiredIds(), statements.selectExpired(), statements.deleteByIds());
    }
  }
}
