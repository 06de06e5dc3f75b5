package dev.retention.runtime.internal.shape;

import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.internal.pass.ExpiredRows;
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
 * <p>A pass that removes entities locks those still expired instead, then removes them through the
 * {@code EntityManager}, so that callbacks, listeners and cascades run (see {@link Removal}).
 */
public final class PortableShape implements Shape {

  public static final PortableShape INSTANCE = new PortableShape();

  private PortableShape() {}

  @Override
  public StatementShape kind() {
    return StatementShape.PORTABLE_JPQL;
  }

  @Override
  public int deleteBatch(EntityManager em, Batch batch) {
    ExpiredRows rows = batch.rows();
    List<Object> keys = ShapeSteps.selectKeys(em, batch);
    if (keys.isEmpty()) {
      return 0;
    }
    if (rows.pass().strategy() == DeleteStrategy.ENTITY_REMOVAL) {
      return ShapeSteps.removeStillExpired(em, rows, keys);
    }
    return ShapeSteps.deleteStillExpired(em, rows, keys);
  }
}
