package dev.retention.runtime.internal.shape;

import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The reads of a sweep beside its batches: how many rows are expired, the oldest one, the scopes with expired rows. */
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
   * Whether an expired row can be locked without waiting for another transaction: the oldest one {@code SKIP LOCKED}
   * leaves, read in the caller's transaction (Hibernate's lock hint; only where the database skips locked rows).
   */
  public static boolean anExpiredRowUnheld(EntityManager em, ExpiredRows rows) {
    return !JpaLocks.skippingLocked(rows.bind(em.createQuery(Jpql.selectKeys(rows)))).setMaxResults(1)
        .getResultList().isEmpty();
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
   * The spellings of the scope values {@code values} stored in the pass's rows, the values themselves among them when
   * they have rows: those the database matches for one of them under the column's collation.
   *
   * @param hashed whether the database's {@code DISTINCT} merges spellings ({@link Jpql#scopeSpellings})
   */
  public static List<Object> scopeSpellings(EntityManager em, PassModel pass, List<Object> values, boolean hashed) {
    List<?> rows = em.createQuery(Jpql.scopeSpellings(pass, hashed)).setParameter("values", values).getResultList();
    List<Object> spellings = new ArrayList<>(rows.size());
    for (Object row : rows) {
      spellings.add(hashed ? ((Object[]) row)[0] : row);
    }
    return spellings;
  }

  /**
   * What {@link #expiredByScope} reads of one scope: its value (null for the rows without one), its oldest expired
   * row's attribute, and how many there are.
   */
  public record ExpiredInScope(Object value, Object oldest, long rows) {}

  /**
   * Each value of the scope attribute (null for the rows without one) with rows {@code rows} holds for: the oldest such
   * row's {@code @Ttl} attribute, and how many there are; one element a group the database formed, in no order.
   */
  public static List<ExpiredInScope> expiredByScope(EntityManager em, ExpiredRows rows) {
    List<?> groups = rows.bind(em.createQuery(Jpql.expiredByScope(rows))).getResultList();
    List<ExpiredInScope> expired = new ArrayList<>(groups.size());
    for (Object row : groups) {
      Object[] columns = (Object[]) row;
      expired.add(new ExpiredInScope(columns[0], columns[1], ((Number) columns[2]).longValue()));
    }
    return expired;
  }
}
