package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.internal.database.IndexCatalog;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * Whether an index serves a statement that walks the {@code @Ttl} column's order, asked of the database's
 * {@link IndexCatalog} with the table and columns as Hibernate's statements name them, once a pass at {@code build()}.
 * What cannot be read counts as no index.
 */
final class IndexedColumns {

  private IndexedColumns() {}

  /**
   * Why no index of {@code table} starts with the columns of any of {@code orders} (each a list of columns, in order);
   * empty when one does.
   */
  static Optional<String> whyNoIndexServes(SessionFactoryImplementor factory, IndexCatalog catalog, String table,
      List<List<String>> orders) {
    List<List<String>> indexes;
    try (Session session = factory.openSession()) {
      indexes = session.doReturningWork(connection -> catalog.indexes(connection, table));
    } catch (RuntimeException unreadable) {
      Throwable cause = unreadable.getCause() instanceof SQLException sql ? sql : unreadable;
      return Optional.of("cannot read the indexes of table " + table + " (" + cause.getMessage() + ")");
    }
    for (List<String> columns : orders) {
      List<String> wanted = columns.stream().map(catalog::columnName).toList();
      if (indexes.stream().anyMatch(index -> index.size() >= wanted.size()
          && index.subList(0, wanted.size()).equals(wanted))) {
        return Optional.empty();
      }
    }
    return Optional.of("no index of " + table + " starts with " + String.join(" or ", orders.stream()
        .map(columns -> columns.size() == 1 ? columns.get(0) : "(" + String.join(", ", columns) + ")").toList()));
  }
}
