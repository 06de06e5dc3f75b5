package dev.retention.runtime.internal.hook;

import dev.retention.runtime.BeforeDelete;
import dev.retention.runtime.Cutoff;
import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.Scope;
import dev.retention.runtime.internal.statement.PassStatements;
import dev.retention.runtime.internal.sweep.StatementShape;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.metamodel.Metamodel;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The batches of a pass with a {@link BeforeDelete} hook: the oldest expired rows are selected and locked, handed to
 * the hook, then deleted, all in the batch's transaction. The lock is what lets the hook be told the truth: no other
 * transaction can move a locked row's date past the cutoff, so every row the hook is given is deleted, and only those.
 *
 * <pre>{@code
 * select e.id from Entity e where e.ttl <= :cutoff order by e.ttl, e.id     -- locked, at most batchSize rows
 * hook(em, ids)
 * delete from Entity e where e.id in :ids and e.ttl <= :cutoff
 * }</pre>
 *
 * <p>(For a pass that removes entities, the entities are selected, locked, handed over and removed.) The statements are
 * JPQL, so every provider and database runs them; a statement shaped for the database (PostgreSQL's ctid, say) has no
 * rows to hand over, and is not used for such a pass.
 */
public final class HookedShape implements StatementShape {

  private final Metamodel metamodel;
  private final BeforeDelete hook;
  private final Map<String, PassStatements> statements = new ConcurrentHashMap<>();

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
    Object cutoffValue = pass.cutoffValue(cutoff);
    if (pass.deleteStrategy() == DeleteStrategy.ENTITY_REMOVAL) {
      List<?> expired = jpql.bind(em.createQuery(jpql.selectExpired()), cutoffValue)
          .setLockMode(LockModeType.PESSIMISTIC_WRITE)
          .setMaxResults(batchSize)
          .getResultList();
      if (expired.isEmpty()) {
        return 0;
      }
      callHook(em, pass, expired);
      expired.forEach(em::remove);
      em.flush();
      em.clear();
      return expired.size();
    }
    List<?> ids = jpql.bind(em.createQuery(jpql.selectExpiredIds()), cutoffValue)
        .setLockMode(LockModeType.PESSIMISTIC_WRITE)
        .setMaxResults(batchSize)
        .getResultList();
    if (ids.isEmpty()) {
      return 0;
    }
    callHook(em, pass, ids);
    em.flush();
    int deleted = jpql.bind(em.createQuery(jpql.deleteExpiredByIds()), cutoffValue)
        .setParameter("ids", ids)
        .executeUpdate();
    if (deleted != ids.size()) {
      // Only the hook can have moved a locked row; the batch then rolls back rather than tell it a row went that stays.
      throw new IllegalStateException("Pass " + pass.name() + ": the before-delete hook was given " + ids.size()
          + " rows, but only " + deleted + " of them were still expired when deleted (did the hook change or delete"
          + " them?); the batch rolls back and every row stays");
    }
    return deleted;
  }

  private void callHook(EntityManager em, RetentionPass<?> pass, List<?> rows) {
    try {
      hook.beforeDelete(em, Collections.unmodifiableList(rows));
    } catch (Exception e) {
      throw new BeforeDeleteFailedException(pass.name(), rows.size(), e);
    }
  }
}
