package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.StatementShape;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.Keys;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.Batch;
import dev.retention.runtime.internal.shape.NativeShapes;
import dev.retention.runtime.internal.shape.Shape;
import dev.retention.runtime.internal.shape.ShapeSteps;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.AttributeMapping;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.metamodel.mapping.CompositeIdentifierMapping;
import org.hibernate.metamodel.mapping.EntityIdentifierMapping;
import org.hibernate.persister.entity.SingleTableEntityPersister;
import org.hibernate.query.NativeQuery;

/**
 * MariaDB, for the keys its integer-key shapes do not take (a text or UUID key, an {@code @EmbeddedId}, an
 * {@code @IdClass}): the portable JPQL's selection, then one native delete that lists the selected keys as rows of
 * their columns, the predicate applied again:
 *
 * <pre>{@code
 * select e.id.a, e.id.b from Entity e where <expired> order by e.ttl, e.id     -- JPQL, at most the batch's size
 * delete from t where (a, b) in ((?, ?), (?, ?), ...) and ttl <= ? [and ttl >= ?] [and scope = ?]
 * }</pre>
 *
 * <p>The portable JPQL writes a composite key's list as one equality conjunction per row ({@code (a = ? and b = ?) or
 * ...}), which every provider accepts, and Hibernate writes its delete in MariaDB's multi-table form; on Spring
 * Integration's {@code INT_LOCK} (100,000 locks, half expired) this shape drained in 0.35 to 0.90 times the portable
 * JPQL's time, composite or text key, with or without an index on the date (docs/PERFORMANCE.md, run K). The rows are
 * those the portable JPQL selects, and the delete takes of them those still expired in the same scope, as its delete
 * does: the same rows go.
 *
 * <p>Taken by allow-list, as every native statement: bulk statements, no condition (JPQL, which native SQL cannot
 * carry); a plain single-table root ({@link PlainHierarchy}); a {@code @Ttl} and scope column ({@link NativeTable})
 * and every key column on the {@link NativeColumns} allow-list, so that the values the JPQL selection read, bound
 * again natively, stand for exactly what is stored.
 */
final class NativeKeyDelete implements NativeShapes {

  private final SessionFactoryImplementor factory;
  private final BatchSession session;

  NativeKeyDelete(SessionFactoryImplementor factory, BatchSession session) {
    this.factory = factory;
    this.session = session;
  }

  @Override
  public String name() {
    return StatementShape.NATIVE_KEY_DELETE.description();
  }

  @Override
  public Judgement judge(PassModel pass) {
    return NativeTable.comparingScope(factory, pass, table -> judge(pass, table));
  }

  /** The rest of the judgement, for a pass whose table the allow-list admits: every key column on it too. */
  private Judgement judge(PassModel pass, NativeTable table) {
    List<String> columns = new ArrayList<>();
    for (String path : keyPaths(pass.keys())) {
      NativeColumns.Column column = keyColumn(table.root(), path);
      if (column.refused().isPresent()) {
        return Judgement.declines(column.refusal());
      }
      columns.add(column.name());
    }
    return Judgement.takes(new Statement(session, table.root().getIdentifierTableName(), columns, table.ttlColumn(),
        table.scopeColumn().orElse(null)));
  }

  /** The key's attribute paths, as {@link Keys#selectList()} selects them, without the alias. */
  private static List<String> keyPaths(Keys keys) {
    List<String> paths = new ArrayList<>();
    for (String item : keys.selectList().split(", ")) {
      paths.add(item.substring("e.".length()));
    }
    return paths;
  }

  /** The column of one key attribute ({@code id}, {@code id.region}, or an {@code @IdClass}'s {@code region}). */
  private NativeColumns.Column keyColumn(SingleTableEntityPersister persister, String path) {
    EntityIdentifierMapping identifier = persister.getIdentifierMapping();
    String named = "the key attribute " + path;
    if (identifier instanceof CompositeIdentifierMapping composite) {
      String attribute = path.substring(path.indexOf('.') + 1);
      AttributeMapping part = composite.getPartMappingType().findAttributeMapping(attribute);
      return part == null ? NativeColumns.Column.refused(named + " is not an attribute of the key")
          : NativeColumns.check(factory, part, named, NativeColumns.SCOPE_TYPES);
    }
    if (identifier instanceof BasicValuedModelPart) {
      return NativeColumns.check(factory, identifier, named, NativeColumns.SCOPE_TYPES);
    }
    return NativeColumns.Column.refused(named + " is not a basic column");
  }

  /** The statements of one pass: its table, key columns in the selection's order, date and scope columns. */
  private record Statement(BatchSession session, String table, List<String> keyColumns, String ttlColumn,
      String scopeColumn) implements Shape.DeletesRows {

    @Override
    public StatementShape kind() {
      return StatementShape.NATIVE_KEY_DELETE;
    }

    @Override
    public int deleteRows(EntityManager em, Batch batch) {
      ExpiredRows rows = batch.rows();
      session.prepare(em, rows);
      List<Object> keys = ShapeSteps.selectKeys(em, batch);
      int deleted = 0;
      for (List<Object> chunk : rows.pass().keys().chunks(keys)) {
        deleted += delete(em, rows, chunk);
      }
      return deleted;
    }

    /** Deletes the listed rows still expired in the batch's scope, and evicts the entity from the cache. */
    private int delete(EntityManager em, ExpiredRows rows, List<Object> chunk) {
      List<Object> values = new ArrayList<>();
      StringJoiner list = new StringJoiner(", ", "(", ")");
      for (Object key : chunk) {
        Object[] columns = keyColumns.size() == 1 ? new Object[] {key} : (Object[]) key;
        StringJoiner row = new StringJoiner(", ", "(", ")");
        for (Object value : columns) {
          values.add(value);
          row.add("?" + values.size());
        }
        list.add(keyColumns.size() == 1 ? "?" + values.size() : row.toString());
      }
      String key = keyColumns.size() == 1 ? keyColumns.get(0) : "(" + String.join(", ", keyColumns) + ")";
      StringBuilder sql = new StringBuilder("delete from ").append(table).append(" where ").append(key)
          .append(" in ").append(list);
      sql.append(" and ").append(NativePredicate.positional(rows, ttlColumn, Optional.ofNullable(scopeColumn),
          values));
      NativeQuery<?> delete = em.createNativeQuery(sql.toString())
          .unwrap(NativeQuery.class)
          .addSynchronizedEntityClass(rows.pass().entityType());
      for (int i = 0; i < values.size(); i++) {
        delete.setParameter(i + 1, values.get(i));
      }
      return delete.executeUpdate();
    }
  }
}
