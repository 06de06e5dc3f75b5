package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.internal.database.DatabaseProfile;
import dev.retention.runtime.internal.partition.PartitionCatalog;
import dev.retention.runtime.internal.partition.PartitionTables;
import dev.retention.runtime.internal.pass.PassModel;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.util.Optional;
import org.hibernate.Session;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.SingleTableEntityPersister;

/**
 * The Hibernate side of dropping whole partitions: an entity's table and {@code @Ttl} column, named only under the
 * native shapes' rules (a plain single-table root, the column on {@link NativeColumns}' allow-list, so the cutoff binds
 * as the column stores it), and a connection of the factory's outside any transaction for the DDL.
 */
public final class HibernatePartitionTables implements PartitionTables {

  private final SessionFactoryImplementor factory;
  private final PartitionCatalog catalog;

  private HibernatePartitionTables(SessionFactoryImplementor factory, PartitionCatalog catalog) {
    this.factory = factory;
    this.catalog = catalog;
  }

  /**
   * The tables of a Hibernate factory, read by its database's partition catalog; empty when the database has none
   * ({@link DatabaseProfile#partitionCatalog()}), or the factory is not Hibernate's.
   */
  public static Optional<PartitionTables> forFactory(EntityManagerFactory emf, DatabaseProfile database) {
    SessionFactoryImplementor factory;
    try {
      factory = emf.unwrap(SessionFactoryImplementor.class);
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return Optional.empty();
    }
    return database.partitionCatalog().map(catalog -> new HibernatePartitionTables(factory, catalog));
  }

  @Override
  public Target target(PassModel pass) {
    if (pass.strategy() != DeleteStrategy.BULK_STATEMENTS) {
      return Target.refused("its rows are removed one by one");
    }
    Optional<SingleTableEntityPersister> root = PlainHierarchy.plainRoot(factory, pass.entityType());
    if (root.isEmpty()) {
      return Target.refused("the entity is not the plain root of a single-table hierarchy, whose rows a native"
          + " statement may name");
    }
    NativeColumns.Column ttl = NativeColumns.of(factory, root.get(), pass.ttlAttribute(), "@Ttl attribute",
        NativeColumns.TTL_TYPES);
    if (ttl.refused().isPresent()) {
      return Target.refused(ttl.refusal());
    }
    return Target.of(root.get().getIdentifierTableName(), ttl.name(), catalog);
  }

  @Override
  public <T> T outsideTransactions(ConnectionWork<T> work) {
    try (Session session = factory.openSession()) {
      return session.doReturningWork(connection -> {
        boolean autoCommit = connection.getAutoCommit();
        if (!autoCommit) {
          connection.setAutoCommit(true);
        }
        try {
          return work.run(connection);
        } finally {
          if (!autoCommit) {
            connection.setAutoCommit(false);
          }
        }
      });
    }
  }
}
