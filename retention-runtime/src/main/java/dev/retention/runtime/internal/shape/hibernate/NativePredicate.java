package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import java.util.List;
import java.util.Optional;
import org.hibernate.query.NativeQuery;

/**
 * The predicate every native statement states, written in one place: the {@code @Ttl} column at or before the cutoff,
 * at or after the floor for a pass over epoch milliseconds, and in the batch's scopes where the statement compares the
 * scope column, as {@link ExpiredRows#jpql()} states them in JPQL and with the same values bound. What a native shape
 * may state is exactly this, and it takes a pass only where Hibernate's selection of its rows restricts them by these
 * conjuncts and nothing else ({@link HibernateRestrictions}, which compares with the same three).
 *
 * <pre>{@code
 * ttl <= ?1 [and ttl >= ?2] [and scope = ?3 | and scope in (?3, ?4, ...) | and scope is null]
 * }</pre>
 */
final class NativePredicate {

  private NativePredicate() {}

  /**
   * The predicate over {@code ttlColumn} (and {@code scopeColumn}, where the statement compares scopes), its values
   * added to {@code binds}, whose size numbers the labels: the cutoff, the floor where there is one, the scopes.
   *
   * @param ttlColumn the {@code @Ttl} column as the statement names it (qualified where the statement joins)
   * @param scopeColumn the scope column as the statement names it; empty for a statement that states no scope
   */
  static String positional(ExpiredRows rows, String ttlColumn, Optional<String> scopeColumn, List<Object> binds) {
    binds.add(rows.cutoffValue());
    StringBuilder expired = new StringBuilder(ttlColumn).append(" <= ?").append(binds.size());
    rows.plausibleFrom().ifPresent(floor -> {
      binds.add(floor);
      expired.append(" and ").append(ttlColumn).append(" >= ?").append(binds.size());
    });
    scopeColumn.ifPresent(column -> expired.append(rows.nativeScope(column, binds)));
    return expired.toString();
  }

  /**
   * The predicate of a statement that states no scope, with named parameters ({@code :cutoff}, {@code :plausibleFrom}),
   * for statements written once for every batch of {@code pass} and bound by {@link #bindNamed}.
   */
  static String named(PassModel pass, String ttlColumn) {
    return ttlColumn + " <= :cutoff" + (pass.hasFloor() ? " and " + ttlColumn + " >= :plausibleFrom" : "");
  }

  /** Binds what {@link #named} names. */
  static NativeQuery<?> bindNamed(NativeQuery<?> query, ExpiredRows rows) {
    query.setParameter("cutoff", rows.cutoffValue());
    rows.plausibleFrom().ifPresent(floor -> query.setParameter("plausibleFrom", floor));
    return query;
  }
}
