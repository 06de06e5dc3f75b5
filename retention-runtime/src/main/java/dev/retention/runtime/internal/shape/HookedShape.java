package dev.retention.runtime.internal.shape;

import dev.retention.runtime.BeforeDelete;
import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.internal.pass.ExpiredRows;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceUnitUtil;
import java.util.Collections;
import java.util.List;

/**
 * The batches of a pass with a {@link BeforeDelete} hook: the oldest expired rows are selected, those still expired are
 * locked, handed to the hook, then deleted, all in the batch's transaction. The lock is what lets the hook be told the
 * truth: no other transaction can move a locked row's date past the cutoff (nor, for a condition through a to-one
 * association, the associated row, which is held too), so every row the hook is given is deleted, and only those.
 *
 * <pre>{@code
 * select e.id from Entity e where <expired> order by e.ttl, e.id                       -- at most the batch's size
 * select e.id from Entity e where e.id in :ids and <expired> order by e.ttl, e.id      -- locked
 * hook(em, ids)
 * delete from Entity e where e.id in :ids and <expired>
 * }</pre>
 *
 * <p>With a condition through to-one associations, the associated rows are held too, the rows still expired are
 * selected once more, and those go by key alone ({@link ShapeSteps#deleteHeld}).
 *
 * <p>Only the hook itself can still move a row; then fewer rows are deleted than it was given (or, for a pass that
 * removes entities, fewer are found still expired before the first is removed), and the batch rolls back rather than
 * tell the hook a row went that stays. A hook that returns after the batch's time is up rolls its batch back too.
 *
 * <p>(For a pass that removes entities, the entities are locked, handed over and removed.) The statements are JPQL, so
 * every provider and database runs them; a statement shaped for the database has no rows to hand over.
 */
public final class HookedShape implements Shape.DeletesRows {

  private final BeforeDelete hook;

  public HookedShape(BeforeDelete hook) {
    this.hook = hook;
  }

  @Override
  public StatementShape kind() {
    return StatementShape.BEFORE_DELETE_HOOK;
  }

  @Override
  public int deleteRows(EntityManager em, Batch batch) {
    ExpiredRows rows = batch.rows();
    List<Object> keys = ShapeSteps.selectKeys(em, batch);
    if (keys.isEmpty()) {
      return 0;
    }
    boolean removal = rows.pass().strategy() == DeleteStrategy.ENTITY_REMOVAL;
    // An @IdClass key is no one attribute: its rows are locked as entities, and the hook is given their identifiers,
    // instances of the id class, as the provider makes them.
    boolean idClass = !removal && rows.pass().keys().idClass();
    Locked locked = removal || idClass ? Locked.entities(em, rows, keys) : Locked.ids(em, rows, keys);
    if (locked.isEmpty()) {
      return 0;
    }
    callHook(em, rows, idClass ? identifiers(em, locked) : locked.items());
    batch.guard().hookReturned();
    em.flush();
    if (removal) {
      locked.holdConditionAndCheck(em, rows, "did the before-delete hook change or delete them?");
      return Removal.removeAll(em, locked);
    }
    int deleted;
    if (rows.pass().conditionReads().readsOtherRows()) {
      locked.holdConditionAndCheck(em, rows, "another transaction changed what the condition reads");
      deleted = ShapeSteps.deleteHeld(em, rows, locked);
    } else {
      deleted = ShapeSteps.deleteStillExpired(em, rows, locked.keys());
    }
    if (deleted != locked.size()) {
      throw new IllegalStateException("Pass " + rows.pass().name() + ": the before-delete hook was given "
          + locked.size() + " rows, but " + deleted + " rows were deleted as still expired (did the hook change or"
          + " delete them?); the batch rolls back and every row stays");
    }
    return deleted;
  }

  /** The identifiers of the locked entities: for an {@code @IdClass} key, instances of the id class. */
  private static List<Object> identifiers(EntityManager em, Locked locked) {
    PersistenceUnitUtil util = em.getEntityManagerFactory().getPersistenceUnitUtil();
    return locked.items().stream().map(util::getIdentifier).toList();
  }

  private void callHook(EntityManager em, ExpiredRows rows, List<Object> given) {
    try {
      hook.beforeDelete(em, Collections.unmodifiableList(given));
    } catch (Throwable e) {
      // An Error too: it fails this batch, which rolls back, and never escapes the sweep.
      throw new BeforeDeleteFailedException(rows.pass().name(), given.size(), e);
    }
  }
}
