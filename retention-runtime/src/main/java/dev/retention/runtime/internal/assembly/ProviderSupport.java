package dev.retention.runtime.internal.assembly;

import dev.retention.runtime.internal.database.DatabaseDetection;
import dev.retention.runtime.internal.database.DatabaseProfile;
import dev.retention.runtime.internal.lock.PassLocks;
import dev.retention.runtime.internal.lock.hibernate.HibernatePassLocks;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.pass.ScopeComparison;
import dev.retention.runtime.internal.shape.CatalogWatch;
import dev.retention.runtime.internal.shape.SchemaLook;
import dev.retention.runtime.internal.shape.NativeShapes;
import dev.retention.runtime.internal.shape.hibernate.HibernateShapes;
import dev.retention.runtime.internal.shape.hibernate.HibernatePartitionTables;
import dev.retention.runtime.internal.partition.PartitionTables;
import dev.retention.runtime.internal.tenant.Tenancy;
import dev.retention.runtime.internal.tenant.TenantColumns;
import dev.retention.runtime.internal.tenant.eclipselink.EclipseLinkTenancy;
import dev.retention.runtime.internal.tenant.hibernate.HibernateTenancy;
import dev.retention.runtime.internal.transaction.ProviderJta;
import dev.retention.runtime.internal.transaction.hibernate.HibernateJta;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.metamodel.EntityType;
import java.util.Objects;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the provider on the class path adds to JPA: the database it runs on, and Hibernate's native statement shapes,
 * locks and partition tables (those the database's profile names) and its JTA platform. The runtime never needs
 * Hibernate; its classes are loaded only when it is present, and a Hibernate whose internals differ from those the
 * runtime was built against steps aside for JPA alone.
 */
final class ProviderSupport {

  private static final System.Logger LOGGER = System.getLogger(ProviderSupport.class.getName());

  private static final String HIBERNATE = "org.hibernate.engine.spi.SessionFactoryImplementor";

  private static final String ECLIPSELINK = "org.eclipse.persistence.jpa.JpaEntityManagerFactory";

  private ProviderSupport() {}

  /** The profile of the database {@code emf} runs on, as its provider found it; the portable one if it cannot tell. */
  static DatabaseProfile database(EntityManagerFactory emf) {
    return DatabaseDetection.of(emf);
  }

  /**
   * The native shapes {@code database} gets on {@code emf}, fastest first; none when {@code portableOnly} or without
   * Hibernate.
   */
  static List<NativeShapes> nativeShapes(EntityManagerFactory emf, DatabaseProfile database, boolean portableOnly,
      Set<String> onServerSettings) {
    if (portableOnly || !hibernatePresent()) {
      return List.of();
    }
    try {
      return HibernateShapes.forFactory(emf, database, onServerSettings);
    } catch (LinkageError otherHibernate) {
      LOGGER.log(Level.INFO, () -> "Retention cannot use the statements shaped for this database with this Hibernate"
          + " version (" + otherHibernate + "); the portable JPQL runs instead");
      return List.of();
    }
  }

  /**
   * Why {@code pass} cannot be swept as the provider maps its entity (Hibernate's {@code @SoftDelete}, which only
   * native statements purge, where they cannot state the pass), naming what to change; empty when it can.
   */
  static Optional<String> purgeRefusal(EntityManagerFactory emf, DatabaseProfile database, PassModel pass,
      boolean portableOnly, boolean hooked) {
    if (!hibernatePresent()) {
      return Optional.empty();
    }
    try {
      return HibernateShapes.refusal(emf, database, pass, portableOnly, hooked);
    } catch (LinkageError otherHibernate) {
      return Optional.empty(); // a Hibernate without @SoftDelete
    }
  }

  /**
   * How {@code database} compares the {@code @TtlScope} column of {@code pass}, a scoped pass, as its catalog says;
   * not exactly when it is not read: with {@code portableOnly}, without Hibernate, or with a Hibernate whose mapping
   * model differs.
   */
  static ScopeComparison scopeComparison(EntityManagerFactory emf, DatabaseProfile database, PassModel pass,
      boolean portableOnly) {
    if (portableOnly || !hibernatePresent()) {
      return database.scopeComparisonNotRead(portableOnly ? "the runtime is held to portable statements"
          : "the provider names no column");
    }
    try {
      return HibernateShapes.scopeComparison(emf, database, pass);
    } catch (LinkageError otherHibernate) {
      return database.scopeComparisonNotRead("this Hibernate version's mapping model differs (" + otherHibernate
          + ")");
    }
  }

  /**
   * What the native statements of {@code pass} rest on in the database's catalog, read again before each sweep; none
   * when {@code portableOnly}, without Hibernate, or with a Hibernate whose mapping model differs.
   */
  static CatalogWatch catalogWatch(EntityManagerFactory emf, DatabaseProfile database, PassModel pass,
      boolean portableOnly) {
    if (portableOnly || !hibernatePresent()) {
      return CatalogWatch.NONE;
    }
    try {
      return HibernateShapes.catalogWatch(emf, database, pass);
    } catch (LinkageError otherHibernate) {
      return CatalogWatch.NONE;
    }
  }

  /**
   * Whether the tenants of {@code pass} are looked at across their schemas at once; not without Hibernate, or with a
   * Hibernate whose mapping model differs.
   *
   * @param tenant the tenant whose session Hibernate writes the pass's selection for, where Hibernate names tenants
   */
  static SchemaLook.Decision schemaLook(EntityManagerFactory emf, DatabaseProfile database, PassModel pass,
      Optional<String> tenant) {
    if (!hibernatePresent()) {
      return SchemaLook.Decision.none("the provider is not Hibernate");
    }
    try {
      return HibernateShapes.schemaLook(emf, database, pass, tenant);
    } catch (LinkageError otherHibernate) {
      return SchemaLook.Decision.none("this Hibernate's mapping model is not the one the look reads");
    }
  }

  /**
   * Whether the tenants of {@code pass}, whose rows carry their tenant in a {@code @TenantId} column, are looked at
   * together once a round; not without Hibernate, or with a Hibernate whose mapping model differs.
   *
   * @param tenant the tenant whose session Hibernate writes the pass's selection for
   */
  static SchemaLook.Decision tenantColumnLook(EntityManagerFactory emf, DatabaseProfile database, PassModel pass,
      String tenantAttribute, Optional<String> tenant) {
    if (!hibernatePresent()) {
      return SchemaLook.Decision.none("the provider is not Hibernate");
    }
    try {
      return HibernateShapes.tenantColumnLook(emf, database, pass, tenantAttribute, tenant);
    } catch (LinkageError otherHibernate) {
      return SchemaLook.Decision.none("this Hibernate's mapping model is not the one the look reads");
    }
  }

  /** The passes' locks in the factory's database; none without Hibernate, or on a database without session locks. */
  static PassLocks passLocks(EntityManagerFactory emf, DatabaseProfile database) {
    if (!hibernatePresent()) {
      return PassLocks.NONE;
    }
    try {
      return HibernatePassLocks.forFactory(emf, database);
    } catch (LinkageError otherHibernate) {
      LOGGER.log(Level.INFO, () -> "Retention cannot take the passes' locks in the database with this Hibernate"
          + " version (" + otherHibernate + "); every instance sweeps every pass");
      return PassLocks.NONE;
    }
  }

  /**
   * The provider's side of dropping whole partitions; empty when {@code portableOnly}, without Hibernate, or on a
   * database without a partition catalog.
   */
  static Optional<PartitionTables> partitionTables(EntityManagerFactory emf, DatabaseProfile database,
      boolean portableOnly) {
    if (portableOnly || !hibernatePresent()) {
      return Optional.empty();
    }
    try {
      return HibernatePartitionTables.forFactory(emf, database);
    } catch (LinkageError otherHibernate) {
      LOGGER.log(Level.INFO, () -> "Retention cannot read partitions with this Hibernate version (" + otherHibernate
          + "); expired partitions go by row batches");
      return Optional.empty();
    }
  }

  /**
   * How the factory keeps tenants apart: Hibernate's options and each entity's {@code @TenantId}, EclipseLink's
   * {@code @Multitenant}; {@link Tenancy#NONE} when its sessions see every row.
   */
  static Tenancy tenancy(EntityManagerFactory emf) {
    List<Class<?>> entities = emf.getMetamodel().getEntities().stream().map(EntityType::getJavaType)
        .filter(Objects::nonNull).<Class<?>>map(type -> type).toList();
    if (hibernatePresent()) {
      try {
        Optional<Tenancy> hibernate = HibernateTenancy.of(emf, TenantColumns.hibernate(entities));
        if (hibernate.isPresent()) {
          return hibernate.get();
        }
      } catch (LinkageError otherHibernate) {
        LOGGER.log(Level.WARNING, () -> "Retention cannot ask this Hibernate version whether the factory is"
            + " multi-tenant (" + otherHibernate + "); give it tenants(...) if it is");
      }
    }
    return TenantColumns.eclipseLink(eclipseLinkMultitenant(emf, entities)).orElse(Tenancy.NONE);
  }

  /**
   * The {@code @Multitenant} entities among {@code entities}, as EclipseLink's descriptors say (the property each reads
   * its tenant from included); read from their annotations where its descriptors cannot be.
   */
  private static List<TenantColumns.MultitenantEntity> eclipseLinkMultitenant(EntityManagerFactory emf,
      List<Class<?>> entities) {
    if (present(ECLIPSELINK)) {
      try {
        Optional<List<TenantColumns.MultitenantEntity>> described = EclipseLinkTenancy.of(emf, entities);
        if (described.isPresent()) {
          return described.get();
        }
      } catch (LinkageError otherEclipseLink) {
        LOGGER.log(Level.WARNING, () -> "Retention cannot read this EclipseLink version's multitenant descriptors ("
            + otherEclipseLink + "); its @Multitenant entities are taken to name their tenant by "
            + Tenancy.ECLIPSELINK_TENANT);
      }
    }
    return TenantColumns.eclipseLinkAnnotated(entities);
  }

  /** What the provider reveals of JTA; empty without Hibernate. */
  static Optional<ProviderJta> jta() {
    if (!hibernatePresent()) {
      return Optional.empty();
    }
    ProviderJta hibernate = HibernateJta.INSTANCE;
    return Optional.of(new ProviderJta() {
      @Override
      public Optional<dev.retention.runtime.internal.transaction.BatchTransactions> transactionsFor(
          EntityManagerFactory emf) {
        try {
          return hibernate.transactionsFor(emf);
        } catch (LinkageError otherHibernate) {
          return Optional.empty(); // a Hibernate whose JTA services differ: judged by JPA alone
        }
      }

      @Override
      public Optional<Boolean> isJta(EntityManagerFactory emf) {
        try {
          return hibernate.isJta(emf);
        } catch (LinkageError otherHibernate) {
          return Optional.empty();
        }
      }
    });
  }

  private static boolean hibernatePresent() {
    return present(HIBERNATE);
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, ProviderSupport.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError absent) {
      return false;
    }
  }
}
