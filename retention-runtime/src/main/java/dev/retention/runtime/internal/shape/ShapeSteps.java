package dev.retention.runtime.internal.shape;

import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.Keys;
import dev.retention.runtime.internal.transaction.JpaHints;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The steps every shape is made of, so that each is written once: select the oldest expired rows' keys (and show the
 * batch's guard their scopes), delete those still expired, or remove those still expired entity by entity.
 */
public final class ShapeSteps {

  private ShapeSteps() {}

  /**
   * Runs {@code query}, a {@link Jpql#selectKeys} of the batch's rows (locked or not, as the caller set it), for at
   * most the batch's size of keys, and shows the batch's guard the scope values selected.
   */
  public static List<Object> selectKeys(Query query, Batch batch) {
    Selection selected = Selection.keys(query, batch.rows(), batch.size());
    batch.selected(selected.scopeValues());
    return selected.rows();
  }

  /** {@link #selectKeys} by the plain {@link Jpql#selectKeys}, without a lock. */
  public static List<Object> selectKeys(EntityManager em, Batch batch) {
    return selectKeys(em.createQuery(Jpql.selectKeys(batch.rows())), batch);
  }

  /** Deletes the listed rows that are still expired, in statements of a bounded number of keys each. */
  public static int deleteStillExpired(EntityManager em, ExpiredRows rows, List<Object> keys) {
    Keys paths = rows.pass().keys();
    int deleted = 0;
    for (List<Object> chunk : paths.chunks(keys)) {
      deleted += rows.bind(paths.bind(em.createQuery(Jpql.deleteByKeys(rows, chunk.size())), chunk)).executeUpdate();
    }
    return deleted;
  }

  /**
   * Deletes the rows {@code held} lists, for a pass whose condition reads the rows of to-one associations: the batch
   * locked them as still expired and then held, for reading, every row its condition reads through them
   * ({@link Locked#holdCondition}). With the predicate's every input held, a select of those still expired judges them
   * as the delete would, and they go by key alone, so that each statement reads the batch's rows only. A condition
   * that also reads rows no lock holds (a subquery, a collection) is judged by the delete itself, as elsewhere.
   */
  static int deleteHeld(EntityManager em, ExpiredRows rows, Locked held) {
    if (rows.pass().conditionReads().unguardedRead().isPresent()) {
      return deleteStillExpired(em, rows, held.keys());
    }
    Keys paths = rows.pass().keys();
    int deleted = 0;
    for (List<Object> chunk : paths.chunks(held.keys())) {
      List<Object> still = new ArrayList<>(
          rows.bind(paths.bind(em.createQuery(Jpql.keysStillExpired(rows, chunk.size())), chunk)).getResultList());
      if (!still.isEmpty()) {
        deleted += paths.bind(em.createQuery(Jpql.deleteByKeysAlone(rows.pass(), still.size())), still)
            .executeUpdate();
      }
    }
    return deleted;
  }

  /**
   * Selects the batch's entities and locks them at once through {@code query}, a {@link Jpql#selectEntities} locking
   * as the caller set it (skipping rows others hold), shows the guard their scopes, and removes them through the
   * {@code EntityManager} ({@link Removal}). One statement finds and locks them, so no second one reads the table.
   */
  public static int removeSelected(EntityManager em, Query query, Batch batch) {
    Selection.Selected selected = Selection.entities(query, batch.rows(), batch.size());
    batch.selected(selected.scopeValues());
    return Removal.remove(em, batch.rows(), selected.locked());
  }

  /** Locks the listed entities still expired and removes them through the {@code EntityManager} ({@link Removal}). */
  public static int removeStillExpired(EntityManager em, ExpiredRows rows, List<Object> keys) {
    return Removal.remove(em, rows, Locked.entities(em, rows, keys));
  }

  /**
   * How long each statement of the batch's entity manager may run, as the runtime bounds every batch
   * ({@code batch-timeout}, set as JPA's query timeout): for a native statement that must state the bound itself.
   */
  public static Optional<Duration> statementTimeout(EntityManager em) {
    Object millis = em.getProperties().get(JpaHints.QUERY_TIMEOUT);
    return millis == null ? Optional.empty() : Optional.of(Duration.ofMillis(Long.parseLong(millis.toString())));
  }
}
