package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.Batch;
import dev.retention.runtime.internal.shape.JpaLocks;
import dev.retention.runtime.internal.shape.Jpql;
import dev.retention.runtime.internal.shape.NativeShapes;
import dev.retention.runtime.internal.shape.Shape;
import dev.retention.runtime.internal.shape.ShapeSteps;
import jakarta.persistence.EntityManager;
import jakarta.persistence.metamodel.Metamodel;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.UnionSubclassEntityPersister;

/**
 * The JPQL steps, with the rows of each batch locked as they are selected and rows another transaction holds skipped
 * ({@code FOR UPDATE SKIP LOCKED}): several instances then drain one table side by side instead of queueing on each
 * other's locks, and a row a foreground transaction holds waits for a later sweep. The delete applies the whole
 * predicate again, as every delete does: the lock holds the entity's own rows, not what a condition reads elsewhere.
 *
 * <pre>{@code
 * select e.id from Entity e where <expired> order by e.ttl, e.id   -- at most the batch's size, locked, skipping
 * delete from Entity e where e.id in :ids and <expired>
 * }</pre>
 *
 * <p>On MariaDB and MySQL the delete goes through the primary key alone ({@link PrimaryKeyDelete}), with the date and
 * scope applied again natively, where the entity and its columns allow native SQL; otherwise, without a condition,
 * the locked entities are removed one by one, each by its primary key (their own rows are held, and nothing else is
 * read); with a condition, the JPQL delete runs, as elsewhere.
 */
final class SkipLockedShape implements NativeShapes {

  /** The most deletes sent in one JDBC batch when locked rows are removed entity by entity. */
  private static final int MAX_JDBC_BATCH = 1_000;

  private final SessionFactoryImplementor factory;
  private final Metamodel metamodel;
  private final BatchSession session;
  private final boolean byPrimaryKeyOnly;

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
    return StatementShape.SKIP_LOCKED.description();
  }

  /**
   * Every pass but those of a table-per-class hierarchy, whose rows are read through a union that databases refuse to
   * lock; and for bulk deletes, only entities with a single id attribute.
   */
  @Override
  public Judgement judge(PassModel pass) {
    if (factory.getMappingMetamodel().getEntityDescriptor(pass.entityType()) instanceof UnionSubclassEntityPersister) {
      return Judgement.quietlyDeclines();
    }
    if (pass.strategy() == DeleteStrategy.BULK_STATEMENTS && !metamodel.entity(pass.entityType())
        .hasSingleIdAttribute()) {
      return Judgement.quietlyDeclines();
    }
    Optional<PrimaryKeyDelete> primaryKeyDelete = byPrimaryKeyOnly && pass.strategy() == DeleteStrategy.BULK_STATEMENTS
        ? PrimaryKeyDelete.of(factory, pass)
        : Optional.empty();
    return Judgement.takes(new Statements(primaryKeyDelete));
  }

  /** The steps of one pass. */
  private final class Statements implements Shape.DeletesRows {

    private final Optional<PrimaryKeyDelete> primaryKeyDelete;

    Statements(Optional<PrimaryKeyDelete> primaryKeyDelete) {
      this.primaryKeyDelete = primaryKeyDelete;
    }

    @Override
    public StatementShape kind() {
      return StatementShape.SKIP_LOCKED;
    }

    @Override
    public int deleteRows(EntityManager em, Batch batch) {
      ExpiredRows rows = batch.rows();
      session.prepare(em, rows);
      boolean removeEach = rows.pass().strategy() == DeleteStrategy.ENTITY_REMOVAL
          || byPrimaryKeyOnly && primaryKeyDelete.isEmpty() && !rows.hasCondition();
      if (removeEach) {
        // A bulk pass's entity has no callbacks or cascades, so removing it entity by entity deletes the same rows,
        // each by its primary key. The entities are locked as they are selected: a second statement that lists them
        // could, on MariaDB, scan into rows others hold.
        if (byPrimaryKeyOnly) {
          em.unwrap(Session.class).setJdbcBatchSize(Math.max(1, Math.min(batch.size(), MAX_JDBC_BATCH)));
        }
        return ShapeSteps.removeSelected(em, JpaLocks.skippingLocked(em.createQuery(Jpql.selectEntities(rows))),
            batch);
      }
      List<Object> keys = ShapeSteps.selectKeys(JpaLocks.skippingLocked(em.createQuery(Jpql.selectKeys(rows))), batch);
      if (keys.isEmpty()) {
        return 0;
      }
      return primaryKeyDelete.isPresent()
          ? primaryKeyDelete.get().execute(em, rows, keys)
          : ShapeSteps.deleteStillExpired(em, rows, keys);
    }
  }
}
