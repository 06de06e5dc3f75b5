package dev.retention.runtime.internal.sweep.hibernate;

import dev.retention.runtime.RetentionPass;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.persister.entity.AbstractEntityPersister;
import org.hibernate.persister.entity.EntityPersister;
import org.hibernate.persister.entity.SingleTableEntityPersister;
import org.hibernate.query.NativeQuery;

/**
 * MariaDB and MySQL: a delete of the rows a batch locked that reaches them through the primary key alone.
 *
 * <pre>{@code
 * delete t from json_table(?, '$[*]' columns (id bigint path '$')) k straight_join tbl t on t.id = k.id
 * }</pre>
 *
 * <p>Once statistics say a table is small, MariaDB runs {@code delete … where id in (…)} as a full scan, and at its
 * REPEATABLE READ a scanning delete locks, or waits for, every row it reads: one row a foreground transaction held,
 * even one that was not expired, stopped every sweep of the table. A {@code FORCE INDEX} hint does not help: MariaDB
 * turns a delete of one table into its single-table form and drops the hint. Here the ids come as one JSON array,
 * a table the join reads first, and each row of the table is reached by primary-key lookup ({@code eq_ref}), so the
 * delete visits exactly the listed rows, which the batch locked when it selected them (skipping rows others hold):
 * it waits for no one. The statement text is the same for every batch, whatever its size.
 *
 * <p>Native SQL bypasses what Hibernate adds to a delete, so only plain entities qualify: the root of a single-table
 * hierarchy, one integer id column without a converter, and no collections, secondary tables, soft delete,
 * restrictions or tenant column. Other entities are removed one by one, each by its primary key.
 *
 * @param sql the statement, with the ids as its one parameter
 */
record PrimaryKeyDelete(String sql) {

  /** The statement for {@code pass}, or empty when its entity is not plain enough for native SQL. */
  static Optional<PrimaryKeyDelete> of(SessionFactoryImplementor factory, RetentionPass<?> pass) {
    EntityPersister persister = factory.getMappingMetamodel().getEntityDescriptor(pass.entityType());
    if (!(persister instanceof SingleTableEntityPersister single)
        || single.isInherited()
        || single.getTableNames().length != 1
        || single.getIdentifierColumnNames().length != 1
        || !PlainHierarchy.isPlain(factory, single)) {
      return Optional.empty();
    }
    return sqlTypeOfId(single).map(idType -> new PrimaryKeyDelete("delete t from json_table(?1, '$[*]' columns (id "
        + idType + " path '$')) k straight_join " + single.getIdentifierTableName() + " t on t."
        + single.getIdentifierColumnNames()[0] + " = k.id"));
  }

  /** Deletes the rows of {@code ids}, which the batch holds locked, and evicts the entity from the cache. */
  int execute(EntityManager em, Class<?> entityType, List<?> ids) {
    return em.createNativeQuery(sql)
        .unwrap(NativeQuery.class)
        .addSynchronizedEntityClass(entityType)
        .setParameter(1, ids.stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]")))
        .executeUpdate();
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
