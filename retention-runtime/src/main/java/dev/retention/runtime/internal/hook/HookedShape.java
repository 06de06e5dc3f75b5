package dev.retention.runtime.internal.hook;

import dev.retention.runtime.BeforeDelete;
import dev.retention.runtime.Cutoff;
import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.Scope;
import dev.retention.runtime.internal.statement.PassStatements;
import dev.retention.runtime.internal.statement.RowKeys;
import dev.retention.runtime.internal.sweep.StatementShape;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Query;
import jakarta.persistence.metamodel.Metamodel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The batches of a pass with a {@link BeforeDelete} hook: the oldest expired rows are selected, those still expired
 * are locked, handed to the hook, then deleted, all in the batch's transaction. The lock is what lets the hook be told
 * the truth: no other transaction can move a locked row's date past the cutoff, so every row the hook is given is
 * deleted, and only those.
 *
 * <pre>{@code
 * select e.id from Entity e where e.ttl <= :cutoff order by e.ttl, e.id                       -- at most batchSize rows
 * select e.id from Entity e where e.id in :ids and e.ttl <= :cutoff order by e.ttl, e.id      -- locked
 * hook(em, ids)
 * delete from Entity e where e.id in :ids and e.ttl <= :cutoff
 * }</pre>
 *
 * <p>The lock is taken by a query without a row limit, as {@link dev.retention.runtime.pass.EntityRemovalPass} does: a
 * locking query with one is not portable (EclipseLink writes {@code FOR UPDATE LIMIT ? OFFSET ?} for H2, which H2
 * refuses). A composite key ({@code @EmbeddedId}, or {@code @IdClass} for a pass that removes entities) is selected
 * attribute by attribute and matched with one equality conjunction per row, which every provider accepts.
 *
 * <p>(For a pass that removes entities, the entities are locked, handed over and removed.) The statements are JPQL, so
 * every provider and database runs them; a statement shaped for the database (PostgreSQL's ctid, say) has no rows to
 * hand over, and is not used for such a pass.
 */
public final class HookedShape implements StatementShape {

  private final Metamodel metamodel;
  private final BeforeDelete hook;
  private final Map<String, PassStatements> statements = new ConcurrentHashMap<>();
  private final Map<String, RowKeys> rowKeys = new ConcurrentHashMap<>();

  public HookedShape(Metamodel metamodel, BeforeDelete hook) {
    this.metamodel = metamodel;
    this.hook = hook;
  }

  @Override
  public String name() {
    return "JPQL with rows locked for a before-delete hook";
  }

  /** Every pass whose entity has a single id attribute, or that removes entities one by one. */
  @Override
  public boolean supports(RetentionPass<?> pass) {
    return pass.deleteStrategy() == DeleteStrategy.ENTITY_REMOVAL
        || metamodel.entity(pass.entityType()).hasSingleIdAttribute();
  }

  @Override
  public int purgeBatch(EntityManager em, RetentionPass<?> pass, Cutoff cutoff, int batchSize) {
    return purgeBatch(em, pass, cutoff, batchSize, Scope.all());
  }

  @Override
  public boolean supportsScopes() {
    return true;
  }

  @Override
  public int purgeBatch(EntityManager em, RetentionPass<?> pass, Cutoff cutoff, int batchSize, Scope scope) {
    PassStatements jpql = statements.computeIfAbsent(pass.name(), name -> PassStatements.of(metamodel, pass))
        .within(scope);
    RowKeys keys = rowKeys.computeIfAbsent(pass.name(), name -> RowKeys.of(metamodel, pass.entityType()));
    Object cutoffValue = pass.cutoffValue(cutoff);
    List<?> selected = jpql.bind(em.createQuery(keys.composite() ? jpql.selectExpiredKeys(keys.paths())
            : jpql.selectExpiredIds()), cutoffValue)
        .setMaxResults(batchSize)
        .getResultList();
    boolean removal = pass.deleteStrategy() == DeleteStrategy.ENTITY_REMOVAL;
    List<Object> locked = new ArrayList<>();
    for (List<Object> chunk : keys.chunks(selected)) {
      Query lock = em.createQuery(removal ? lockEntities(jpql, keys, chunk.size()) : lockIds(jpql, keys, chunk.size()));
      jpql.bind(keys.bind(lock, chunk), cutoffValue).setLockMode(LockModeType.PESSIMISTIC_WRITE);
      locked.addAll(lock.getResultList());
    }
    if (locked.isEmpty()) {
      return 0;
    }
    callHook(em, pass, locked);
    if (removal) {
      locked.forEach(em::remove);
      em.flush();
      em.clear();
      return locked.size();
    }
    em.flush();
    // Single ids: exactly the locked rows. Composite keys: the selected ones, since the locked ids are embeddables that
    // bind as no key; a row not locked can only be deleted here if it became expired again meanwhile, which the count
    // below catches.
    int deleted = 0;
    for (List<Object> chunk : keys.chunks(keys.composite() ? selected : locked)) {
      Query delete = em.createQuery(keys.composite() ? jpql.deleteExpiredByKeys(keys.paths(), chunk.size())
          : jpql.deleteExpiredByIds());
      deleted += jpql.bind(keys.bind(delete, chunk), cutoffValue).executeUpdate();
    }
    if (deleted != locked.size()) {
      // Only the hook can have moved a locked row; the batch then rolls back rather than tell it a row went that stays.
      throw new IllegalStateException("Pass " + pass.name() + ": the before-delete hook was given " + locked.size()
          + " rows, but " + deleted + " rows were deleted as still expired (did the hook change or delete them?); the"
          + " batch rolls back and every row stays");
    }
    return deleted;
  }

  private static String lockEntities(PassStatements jpql, RowKeys keys, int rows) {
    return keys.composite() ? jpql.selectExpiredByKeys(keys.paths(), rows) : jpql.selectExpiredByIds();
  }

  private static String lockIds(PassStatements jpql, RowKeys keys, int rows) {
    return keys.composite() ? jpql.selectExpiredIdsByKeys(keys.paths(), rows) : jpql.selectExpiredIdsByIds();
  }

  private void callHook(EntityManager em, RetentionPass<?> pass, List<?> rows) {
    try {
      hook.beforeDelete(em, Collections.unmodifiableList(rows));
    } catch (Exception e) {
      throw new BeforeDeleteFailedException(pass.name(), rows.size(), e);
    }
  }
}
