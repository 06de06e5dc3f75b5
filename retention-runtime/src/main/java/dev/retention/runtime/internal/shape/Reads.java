package dev.retention.runtime.internal.shape;

import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The reads of a sweep beside its batches: how many rows are expired, the oldest one, the next scope. */
public final class Reads {

  private Reads() {}

  /** How many rows are expired, for dry runs. */
  public static long countExpired(EntityManager em, ExpiredRows rows) {
    return rows.bind(em.createQuery(Jpql.countExpired(rows), Long.class)).getSingleResult();
  }

  /** The attribute value of the oldest expired row; empty when none is left. */
  public static Optional<Object> oldestExpired(EntityManager em, ExpiredRows rows) {
    List<?> oldest = rows.bind(em.createQuery(Jpql.oldestExpired(rows))).getResultList();
    return oldest.isEmpty() ? Optional.empty() : Optional.ofNullable(oldest.get(0));
  }

  /**
   * How many rows of {@code pass} have an epoch value below {@code bound} (or above it, when {@code above}), whatever
   * the predicate: the rows the epoch check sets aside.
   */
  public static long countOutside(EntityManager em, PassModel pass, long bound, boolean above) {
    Class<?> type = em.getMetamodel().entity(pass.entityType()).getAttribute(pass.ttlAttribute()).getJavaType();
    Object typed = type == Integer.class || type == int.class
        ? (Object) (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, bound)) : (Object) bound;
    return em.createQuery(Jpql.countOutside(pass, above), Long.class).setParameter("bound", typed).getSingleResult();
  }

  /**
   * The least and the greatest value of the pass's {@code @Ttl} attribute over all its rows; nulls when none has one.
   */
  public static Object[] range(EntityManager em, PassModel pass) {
    return (Object[]) em.createQuery(Jpql.range(pass)).getSingleResult();
  }

  /**
   * The spellings of scope value {@code value} stored in the pass's rows, the value itself among them when it has rows:
   * those the database matches for it under the column's collation.
   *
   * @param hashed whether the database's {@code DISTINCT} merges spellings ({@link Jpql#scopeSpellings})
   */
  public static List<Object> scopeSpellings(EntityManager em, PassModel pass, Object value, boolean hashed) {
    List<?> rows = em.createQuery(Jpql.scopeSpellings(pass, hashed)).setParameter("value", value).getResultList();
    List<Object> spellings = new ArrayList<>(rows.size());
    for (Object row : rows) {
      spellings.add(hashed ? ((Object[]) row)[0] : row);
    }
    return spellings;
  }

  /** Every value of the pass's scope attribute stored, null among them when a row has none. */
  public static List<Object> storedScopes(EntityManager em, PassModel pass) {
    return new ArrayList<>(em.createQuery(Jpql.storedScopes(pass)).getResultList());
  }

  /** One spelling of each value among {@code values}, as the database's comparison tells them apart. */
  public static List<Object> distinctScopes(EntityManager em, PassModel pass, List<Object> values) {
    return new ArrayList<>(em.createQuery(Jpql.distinctScopes(pass)).setParameter("values", values).getResultList());
  }

  /** The values of the scope attribute of the rows {@code rows} (over all scopes) holds for. */
  public static List<Object> scopesWithExpiredRows(EntityManager em, ExpiredRows rows) {
    return new ArrayList<>(rows.bind(em.createQuery(Jpql.scopesWithExpiredRows(rows))).getResultList());
  }

  /**
   * The least value of the pass's scope attribute above {@code after} (the least of all when {@code after} is null);
   * empty when there is none. Rows whose scope attribute is null are not a value here.
   */
  public static Optional<Object> nextScope(EntityManager em, PassModel pass, Object after) {
    Query next = em.createQuery(Jpql.nextScope(pass, after != null)).setMaxResults(1);
    if (after != null) {
      next.setParameter("after", after);
    }
    List<?> first = next.getResultList();
    return first.isEmpty() ? Optional.empty() : Optional.of(first.get(0));
  }
}
