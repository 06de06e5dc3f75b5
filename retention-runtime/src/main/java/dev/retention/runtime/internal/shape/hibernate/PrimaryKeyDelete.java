package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.PassModel;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.persister.entity.AbstractEntityPersister;
import org.hibernate.persister.entity.SingleTableEntityPersister;
import org.hibernate.query.NativeQuery;

/**
 * MariaDB and MySQL: a delete of the rows a batch locked that reaches them through the primary key alone.
 *
 * <pre>{@code
 * delete t from json_table(?, '$[*]' columns (id bigint path '$')) k straight_join tbl t on t.id = k.id
 *   where t.ttl <= ? [and t.ttl >= ?] [and t.scope = ?]
 * }</pre>
 *
 * <p>Once statistics say a table is small, MariaDB runs {@code delete … where id in (…)} as a full scan, and at its
 * REPEATABLE READ a scanning delete locks, or waits for, every row it reads: one row a foreground transaction held,
 * even one that was not expired, stopped every sweep of the table. A {@code FORCE INDEX} hint does not help: MariaDB
 * turns a delete of one table into its single-table form and drops the hint. Here the ids come as one JSON array,
 * a table the join reads first, and each row of the table is reached by primary-key lookup ({@code eq_ref}), so the
 * delete visits exactly the listed rows, which the batch locked when it selected them (skipping rows others hold):
 * it waits for no one. It applies the predicate again to each of them (the date, and the scope of a scoped pass's
 * batch), as every delete does. The statement text is the same for every batch, whatever its size.
 *
 * <p>Native SQL bypasses what Hibernate adds to a delete, so only plain entities qualify: the root of a single-table
 * hierarchy, one integer id column without a converter, and no collections, secondary tables, soft delete,
 * restrictions or tenant column; a pass without a condition (JPQL, which native SQL cannot carry) whose {@code @Ttl}
 * and scope columns are on the allow-list of {@link NativeColumns}. Other passes delete as the JPQL does.
 *
 * @param sql the statement, with the ids as its first parameter, up to its predicate ({@link NativePredicate})
 * @param scopeColumn the scope column, or null for a pass without a scope
 * @param ttlColumn the {@code @Ttl} column, for the floor of a pass over epoch milliseconds
 */
record PrimaryKeyDelete(String sql, String scopeColumn, String ttlColumn) {

  /** The statement for {@code pass}, or empty when its entity or its columns are not plain enough for native SQL. */
  static Optional<PrimaryKeyDelete> of(SessionFactoryImplementor factory, PassModel pass) {
    if (pass.condition().isPresent()) {
      return Optional.empty();
    }
    Optional<SingleTableEntityPersister> root = PlainHierarchy.plainRoot(factory, pass.entityType());
    if (root.isEmpty()) {
      return Optional.empty();
    }
    SingleTableEntityPersister single = root.get();
    NativeTable.Columns columns = NativeTable.Columns.of(factory, single, pass);
    if (columns.refusal().isPresent()) {
      return Optional.empty();
    }
    String ttl = columns.ttl().name();
    String scope = columns.scope().map(NativeColumns.Column::name).orElse(null);
    return sqlTypeOfId(single).map(idType -> new PrimaryKeyDelete("delete t from json_table(?1, '$[*]' columns (id "
        + idType + " path '$')) k straight_join " + single.getIdentifierTableName() + " t on t."
        + single.getIdentifierColumnNames()[0] + " = k.id where ", scope, ttl));
  }

  /**
   * Deletes the rows of {@code ids} that are still expired (which the batch holds locked), and evicts the entity from
   * the cache.
   */
  int execute(EntityManager em, ExpiredRows rows, List<?> ids) {
    List<Object> binds = new ArrayList<>();
    binds.add(ids.stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]")));
    String statement = sql + NativePredicate.positional(rows, "t." + ttlColumn,
        Optional.ofNullable(scopeColumn).map(column -> "t." + column), binds);
    NativeQuery<?> delete = em.createNativeQuery(statement)
        .unwrap(NativeQuery.class)
        .addSynchronizedEntityClass(rows.pass().entityType());
    for (int label = 1; label <= binds.size(); label++) {
      delete.setParameter(label, binds.get(label - 1));
    }
    return delete.executeUpdate();
  }

  /**
   * The SQL type the JSON array's values are read as: the id's, for an integer id bound as is; empty for any other id,
   * whose value could read differently from JSON than through its mapping.
   */
  private static Optional<String> sqlTypeOfId(AbstractEntityPersister persister) {
    if (!(persister.getIdentifierMapping() instanceof BasicValuedModelPart basic)
        || basic.getJdbcMapping().getValueConverter() != null) {
      return Optional.empty();
    }
    Class<?> type = basic.getJdbcMapping().getJavaTypeDescriptor().getJavaTypeClass();
    if (type == Long.class || type == long.class) {
      return Optional.of("bigint");
    }
    if (type == Integer.class || type == int.class || type == Short.class || type == short.class) {
      return Optional.of("int");
    }
    return Optional.empty();
  }
}
