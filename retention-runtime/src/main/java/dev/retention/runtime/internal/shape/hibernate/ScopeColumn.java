package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.internal.database.DatabaseProfile;
import dev.retention.runtime.internal.database.ScopeColumns;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.pass.ScopeComparison;
import java.util.Optional;
import org.hibernate.Session;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.AttributeMapping;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.persister.entity.AbstractEntityPersister;
import org.hibernate.persister.entity.EntityPersister;

/**
 * The Hibernate side of judging how the database compares a scoped pass's {@code @TtlScope} column: the column and its
 * table as Hibernate's statements name them, asked of the database's catalog ({@link ScopeColumns}). Only a column on
 * the {@link NativeColumns} allow-list is asked: a converter or a type of its own may store two values Java tells
 * apart as one. Whatever cannot be asked or read is taken as not exact.
 */
final class ScopeColumn {

  private ScopeColumn() {}

  /** How {@code database} compares the scope column of {@code pass}, a scoped pass, as its catalog says now. */
  static ScopeComparison comparison(SessionFactoryImplementor factory, DatabaseProfile database, PassModel pass) {
    String attribute = pass.scopeAttribute().orElseThrow();
    return comparison(factory, database, pass.entityType(), attribute, "the @TtlScope attribute " + attribute,
        "the scope column ");
  }

  /**
   * How {@code database} compares the column of {@code attribute} of {@code entity} with a value of its Java type, as
   * its catalog says now; a {@code @TenantId} column as a scope column is.
   *
   * @param named the attribute as a reason names it
   * @param columnRole the column as a reason names it, before its name: "the scope column "
   */
  static ScopeComparison comparison(SessionFactoryImplementor factory, DatabaseProfile database, Class<?> entityType,
      String attribute, String named, String columnRole) {
    Optional<ScopeColumns> catalog = database.scopeColumns();
    if (catalog.isEmpty()) {
      return database.scopeComparisonNotRead(database.name() + "'s catalog of scope columns is not read");
    }
    EntityPersister persister = factory.getMappingMetamodel().getEntityDescriptor(entityType);
    if (!(persister instanceof AbstractEntityPersister entity)) {
      return database.scopeComparisonNotRead("the entity's persister names no column");
    }
    AttributeMapping mapping = entity.findAttributeMapping(attribute);
    NativeColumns.Column column = NativeColumns.check(factory, mapping, named, NativeColumns.SCOPE_TYPES);
    if (column.refused().isPresent()) {
      return database.scopeComparisonNotRead(column.refusal());
    }
    // On the allow-list, so a basic column; named with the table that holds it (a subclass's, in a joined hierarchy).
    BasicValuedModelPart basic = (BasicValuedModelPart) mapping;
    String table = basic.getContainingTableExpression();
    // Exact by the Java type and the column's type together: a String over a uuid column is not.
    Class<?> javaType = javaType(mapping);
    try (Session session = factory.openSession()) {
      return session.doReturningWork(connection -> catalog.get().comparison(connection, table, column.name(),
          javaType));
    } catch (RuntimeException unreadable) {
      return database.scopeComparisonNotRead("cannot tell how " + database.name() + " compares " + columnRole
          + column.name() + " (" + unreadable.getMessage() + ")");
    }
  }

  /** The Java type, boxed, of {@code mapping}, a basic attribute on the {@link NativeColumns} allow-list. */
  static Class<?> javaType(AttributeMapping mapping) {
    return boxed(((BasicValuedModelPart) mapping).getJdbcMapping().getJavaTypeDescriptor().getJavaTypeClass());
  }

  private static Class<?> boxed(Class<?> type) {
    if (type == long.class) {
      return Long.class;
    }
    if (type == int.class) {
      return Integer.class;
    }
    return type == short.class ? Short.class : type;
  }
}
