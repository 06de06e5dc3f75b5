package dev.retention.runtime.internal.shape;

import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import jakarta.persistence.EntityManager;
import java.util.List;

/**
 * JPQL alone, on every provider and database. A batch selects the keys of the oldest expired rows, then deletes those
 * of them that are still expired, so a row whose date, condition or scope moved in between stays:
 *
 * <pre>{@code
 * select e.id from Entity e where <expired> order by e.ttl, e.id      -- at most the batch's size
 * delete from Entity e where e.id in :ids and <expired>
 * }</pre>
 *
 * <p>A pass whose condition reads other rows ({@code e.owner.active}) locks the selected rows still expired, and the
 * rows the condition reads through each to-one association, before its delete: a provider writes such a delete as
 * {@code delete … where exists (select … join …)}, and H2, having waited on a row another transaction changed, deletes
 * it without judging the row again (measured on H2 2.5: the {@code exists} form deleted a row whose date a committed
 * update had cleared, the plain form did not). With every row the predicate reads held, nothing changes between the
 * selection and the delete. The rows still expired are then selected once more and deleted by key alone
 * ({@link ShapeSteps#deleteHeld}): the same rows the provider's {@code exists} delete would take, but on H2 that delete
 * scans the whole table for every batch (a 20,000-row table: past the 30 s {@code batch-timeout}), where these
 * statements read the batch's rows only:
 *
 * <pre>{@code
 * select e.id from Entity e where <expired> order by e.ttl, e.id                    -- at most the batch's size
 * select e.id from Entity e where e.id in :ids and <expired> order by e.ttl, e.id   -- locked
 * select a from Owner a where exists (select e from Entity e where e.owner = a and e.id in :ids)   -- locked to read
 * select e.id from Entity e where e.id in :ids and <expired>                        -- judged again, all held
 * delete from Entity e where e.id in :ids
 * }</pre>
 *
 * <p>A condition that also reads rows no lock can hold (a subquery, a collection) keeps the delete that re-applies the
 * predicate.
 *
 * <p>A pass that removes entities locks those still expired instead, then removes them through the
 * {@code EntityManager}, so that callbacks, listeners and cascades run (see {@link Removal}).
 */
public final class PortableShape implements Shape.DeletesRows {

  public static final PortableShape INSTANCE = new PortableShape();

  private PortableShape() {}

  @Override
  public StatementShape kind() {
    return StatementShape.PORTABLE_JPQL;
  }

  /**
   * Whether the batches of {@code pass} lock rows through the provider ({@code PESSIMISTIC_WRITE}, written in its
   * dialect's words): those that remove entities, those whose condition reads other rows, and every pass with a
   * before-delete hook ({@link HookedShape}).
   */
  public static boolean locksRows(PassModel pass, boolean hooked) {
    return hooked || pass.strategy() == DeleteStrategy.ENTITY_REMOVAL || pass.conditionReads().readsOtherRows();
  }

  @Override
  public int deleteRows(EntityManager em, Batch batch) {
    ExpiredRows rows = batch.rows();
    List<Object> keys = ShapeSteps.selectKeys(em, batch);
    if (keys.isEmpty()) {
      return 0;
    }
    if (rows.pass().strategy() == DeleteStrategy.ENTITY_REMOVAL) {
      return ShapeSteps.removeStillExpired(em, rows, keys);
    }
    if (rows.pass().conditionReads().readsOtherRows()) {
      Locked held = Locked.ids(em, rows, keys);
      if (held.isEmpty()) {
        return 0;
      }
      held.holdCondition(em, rows);
      return ShapeSteps.deleteHeld(em, rows, held);
    }
    return ShapeSteps.deleteStillExpired(em, rows, keys);
  }
}
