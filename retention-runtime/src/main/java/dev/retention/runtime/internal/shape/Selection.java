package dev.retention.runtime.internal.shape;

import dev.retention.runtime.internal.pass.ExpiredRows;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a batch's first statement found: the keys (or entities) of the oldest expired rows, and, for one scope of a
 * scoped pass, each row's scope value, which the batch's guard sees before anything is deleted.
 *
 * @param rows the keys (a single id, or an {@code Object[]} of a composite key's columns) or the entities, oldest first
 * @param scopeValues each row's scope value; empty when the statement selected none
 */
record Selection(List<Object> rows, List<Object> scopeValues) {

  /** The keys of at most {@code size} expired rows, oldest first, through {@code query} as {@link Jpql#selectKeys}. */
  static Selection keys(Query query, ExpiredRows rows, int size) {
    return split(rows.bind(query).setMaxResults(size).getResultList(), Jpql.selectsScope(rows),
        rows.pass().keys().columns());
  }

  /**
   * The entities of at most {@code size} expired rows through {@code query}, a {@link Jpql#selectEntities}, with their
   * keys.
   */
  static Selected entities(Query query, ExpiredRows rows, int size) {
    int columns = rows.pass().keys().columns();
    List<Object> entities = new ArrayList<>();
    List<Object> keys = new ArrayList<>();
    List<Object> scopes = new ArrayList<>();
    for (Object result : rows.bind(query).setMaxResults(size).getResultList()) {
      Object[] row = (Object[]) result;
      entities.add(row[0]);
      keys.add(columns == 1 ? row[1] : Arrays.copyOfRange(row, 1, 1 + columns));
      if (Jpql.selectsScope(rows)) {
        scopes.add(row[1 + columns]);
      }
    }
    return new Selected(new Locked(entities, keys), scopes);
  }

  /** Entities selected and locked at once, with each row's scope value when the statement selected it. */
  record Selected(Locked locked, List<Object> scopeValues) {}

  /**
   * Splits each result row into what identifies it ({@code columns} values, one value kept as itself) and its scope
   * value, when the statement added one.
   */
  private static Selection split(List<?> results, boolean withScope, int columns) {
    if (!withScope) {
      return new Selection(new ArrayList<>(results), List.of());
    }
    List<Object> identities = new ArrayList<>(results.size());
    List<Object> scopes = new ArrayList<>(results.size());
    for (Object result : results) {
      Object[] row = (Object[]) result;
      identities.add(columns == 1 ? row[0] : Arrays.copyOf(row, columns));
      scopes.add(row[columns]);
    }
    return new Selection(identities, scopes);
  }

  boolean isEmpty() {
    return rows.isEmpty();
  }
}
