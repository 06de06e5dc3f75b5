package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.internal.database.DatabaseProfile;
import dev.retention.runtime.internal.partition.PartitionCatalog;
import dev.retention.runtime.internal.partition.PartitionPlan;
import dev.retention.runtime.internal.partition.PartitionTables;
import dev.retention.runtime.internal.pass.PassModel;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.util.Optional;
import org.hibernate.Session;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.jpa.event.spi.CallbackRegistry;
import org.hibernate.jpa.event.spi.CallbackType;
import org.hibernate.persister.entity.SingleTableEntityPersister;

/**
 * The Hibernate side of dropping whole partitions: an entity's table and {@code @Ttl} column, named only under the
 * native shapes' rules (a plain single-table root with a key of any kind, the column on {@link NativeColumns}'
 * allow-list, so the cutoff binds as the column stores it), and a connection of the factory's outside any transaction
 * for the DDL.
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
    if (pass.strategy() != DeleteStrategy.BULK_STATEMENTS
        && (!pass.keys().idClass() || hasRemovalCallbacksOrCascades(pass.entityType()))) {
      return Target.refused(PartitionPlan.REMOVED_FOR_CALLBACKS);
    }
    // Any key will do: a partition goes by its bounds on the @Ttl column, and the step names no row by its key.
    if (!(factory.getMappingMetamodel().getEntityDescriptor(pass.entityType())
        instanceof SingleTableEntityPersister single)) {
      return Target.refused(PlainHierarchy.whyNotPlainRoot(factory, pass.entityType())
          .orElse("its entity is not mapped to a single table"));
    }
    NativeColumns.Column ttl = NativeColumns.of(factory, single, pass.ttlAttribute(), "@Ttl attribute",
        NativeColumns.TTL_TYPES);
    if (ttl.refused().isPresent()) {
      return Target.refused(ttl.refusal());
    }
    // First, what Hibernate restricts the rows by: a partition goes whole only where its selection states the date
    // alone, so that every row of an expired partition is one Hibernate's own delete would take.
    Optional<String> restricted = NativeTable.whyNotStated(factory, pass, ttl.name(), Optional.empty());
    if (restricted.isPresent()) {
      return Target.refused(restricted.get());
    }
    return Target.of(single.getIdentifierTableName(), ttl.name(), catalog);
  }

  /**
   * Whether removing one of the entity's rows runs anything a dropped partition would skip: a {@code @PreRemove} or
   * {@code @PostRemove} callback of the entity or of a listener (default listeners included), or a cascade of any kind
   * (orphan removal is one). An {@code @IdClass} entity without them is removed one by one for its key alone.
   */
  private boolean hasRemovalCallbacksOrCascades(Class<?> entityType) {
    CallbackRegistry callbacks = factory.getEventEngine().getCallbackRegistry();
    return callbacks.hasRegisteredCallbacks(entityType, CallbackType.PRE_REMOVE)
        || callbacks.hasRegisteredCallbacks(entityType, CallbackType.POST_REMOVE)
        || factory.getMappingMetamodel().getEntityDescriptor(entityType).hasCascades();
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
