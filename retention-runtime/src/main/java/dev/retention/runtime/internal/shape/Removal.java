package dev.retention.runtime.internal.shape;

import dev.retention.runtime.internal.pass.ExpiredRows;
import jakarta.persistence.EntityManager;

/**
 * Removes a batch's locked entities through the {@code EntityManager}, so that removal callbacks, entity listeners,
 * cascades and orphan removal all run, then flushes and clears, so that memory stays flat however large the backlog.
 * {@code remove} deletes by id alone: the entities' own rows are locked since they were found still expired, and when
 * the condition reads rows of to-one associations, those are held too and the predicate checked once more first.
 */
final class Removal {

  private Removal() {}

  static int remove(EntityManager em, ExpiredRows rows, Locked locked) {
    if (locked.isEmpty()) {
      return 0;
    }
    if (rows.pass().conditionReads().readsOtherRows()) {
      locked.holdConditionAndCheck(em, rows, "another transaction changed what the condition reads");
    }
    return removeAll(em, locked);
  }

  /** Removes every locked entity, flushes and clears; the caller checked they are still expired. */
  static int removeAll(EntityManager em, Locked locked) {
    locked.items().forEach(em::remove);
    em.flush();
    em.clear();
    return locked.size();
  }
}
