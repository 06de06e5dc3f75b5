package dev.retention.runtime.internal.shape;

import dev.retention.runtime.internal.pass.ConditionReads;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.Keys;
import dev.retention.runtime.internal.pass.PassModel;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The rows of a batch its transaction holds: those of the selected keys still expired when locked, each as what it is
 * handed over as (an entity, or an id) beside the key it is listed by in the statements that follow.
 *
 * <p>The locks are taken by queries without a row limit: a locking query with one is not portable (EclipseLink writes
 * {@code FOR UPDATE LIMIT ? OFFSET ?} for H2, which H2 refuses), and H2 locks every row such a query reads before it
 * applies the limit.
 *
 * @param items the entities or ids, oldest first
 * @param keys the key of each, as {@link Keys#bind} binds it
 */
record Locked(List<Object> items, List<Object> keys) {

  /** Locks the entities of {@code selected} keys that are still expired. */
  static Locked entities(EntityManager em, ExpiredRows rows, List<Object> selected) {
    return lock(em, rows, selected, true);
  }

  /** Locks the rows of {@code selected} keys that are still expired, as ids. */
  static Locked ids(EntityManager em, ExpiredRows rows, List<Object> selected) {
    return lock(em, rows, selected, false);
  }

  private static Locked lock(EntityManager em, ExpiredRows rows, List<Object> selected, boolean entities) {
    Keys keys = rows.pass().keys();
    boolean keyAfterItem = entities || keys.composite();
    List<Object> items = new ArrayList<>();
    List<Object> itemKeys = new ArrayList<>();
    for (List<Object> chunk : keys.chunks(selected)) {
      Query lock = em.createQuery(
          entities ? Jpql.entitiesByKeys(rows, chunk.size()) : Jpql.idsByKeys(rows, chunk.size()));
      rows.bind(keys.bind(lock, chunk)).setLockMode(LockModeType.PESSIMISTIC_WRITE);
      for (Object result : lock.getResultList()) {
        if (!keyAfterItem) {
          items.add(result);
          itemKeys.add(result);
          continue;
        }
        Object[] row = (Object[]) result;
        items.add(row[0]);
        itemKeys.add(row.length == 2 ? row[1] : Arrays.copyOfRange(row, 1, row.length));
      }
    }
    return new Locked(items, itemKeys);
  }

  boolean isEmpty() {
    return items.isEmpty();
  }

  int size() {
    return items.size();
  }

  /**
   * Locks for reading the rows of every to-one association the pass's condition follows ({@code e.member.active}), so
   * that no other transaction can change what the condition read before the batch commits; then checks that every
   * held row is still expired. Needed where rows go by id alone ({@code EntityManager.remove}), or where a hook was
   * told they go.
   *
   * @throws IllegalStateException when a held row no longer is expired (a hook moved it, or another transaction
   *     changed what the condition read before the lock): the batch rolls back and every row stays
   */
  void holdConditionAndCheck(EntityManager em, ExpiredRows rows, String why) {
    PassModel pass = rows.pass();
    Keys keys = pass.keys();
    long still = 0;
    for (List<Object> chunk : keys.chunks(this.keys)) {
      holdCondition(em, pass, chunk);
      still += (Long) rows.bind(keys.bind(em.createQuery(Jpql.countByKeys(rows, chunk.size())), chunk))
          .getSingleResult();
    }
    if (still != size()) {
      throw new IllegalStateException("Pass " + pass.name() + ": " + size() + " rows were held for the batch, but "
          + still + " of them are still expired (" + why + "); the batch rolls back and every row stays");
    }
  }

  /**
   * Locks for reading the rows of every to-one association the pass's condition follows, as
   * {@link #holdConditionAndCheck}.
   */
  void holdCondition(EntityManager em, ExpiredRows rows) {
    for (List<Object> chunk : rows.pass().keys().chunks(keys)) {
      holdCondition(em, rows.pass(), chunk);
    }
  }

  private static void holdCondition(EntityManager em, PassModel pass, List<Object> chunk) {
    for (ConditionReads.ToOne toOne : pass.conditionReads().toOnes()) {
      pass.keys().bind(em.createQuery(Jpql.associatedByKeys(pass, toOne, chunk.size())), chunk)
          .setLockMode(LockModeType.PESSIMISTIC_READ)
          .getResultList();
    }
  }
}
