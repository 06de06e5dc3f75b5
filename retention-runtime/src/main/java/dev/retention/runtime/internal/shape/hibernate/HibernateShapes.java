package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.internal.database.CatalogFacts;
import dev.retention.runtime.internal.database.DatabaseProfile;
import dev.retention.runtime.internal.database.IndexCatalog;
import dev.retention.runtime.internal.database.NativeStatements;
import dev.retention.runtime.internal.database.RowLockWait;
import dev.retention.runtime.internal.database.ScopeColumns;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.pass.ScopeComparison;
import dev.retention.runtime.internal.shape.CatalogWatch;
import dev.retention.runtime.internal.shape.NativeShapes;
import dev.retention.runtime.internal.shape.SchemaLook;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.hibernate.Session;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.SingleTableEntityPersister;

/**
 * The native shapes for a Hibernate {@code EntityManagerFactory}: those its database's profile names, built here. Only
 * this package refers to Hibernate's statements, and it is loaded only when Hibernate is present.
 */
public final class HibernateShapes {

  private HibernateShapes() {}

  /**
   * Why {@code pass} cannot be swept on the factory: its entity is Hibernate's {@code @SoftDelete}, whose rows only
   * native statements purge, and they cannot state the pass (or are not allowed: {@code portableStatements}); empty
   * when it can be swept.
   */
  public static Optional<String> refusal(EntityManagerFactory emf, DatabaseProfile database, PassModel pass,
      boolean portableOnly, boolean hooked) {
    SessionFactoryImplementor factory;
    try {
      factory = emf.unwrap(SessionFactoryImplementor.class);
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return Optional.empty();
    }
    SoftDeletePurge purge = new SoftDeletePurge(factory, database.skipsLockedRows());
    Optional<String> refused = purge.refusal(pass);
    if (refused.isEmpty() && (portableOnly || hooked) && PlainHierarchy.softDeleted(factory, pass.entityType())) {
      return Optional.of("its entity is Hibernate's @SoftDelete, whose rows only native statements purge, and "
          + (hooked ? "it has a before-delete hook, whose JPQL would only mark the rows it is given"
              : "the runtime is held to portable statements (portableStatements(true))"));
    }
    return refused;
  }

  /**
   * How {@code database} compares the {@code @TtlScope} column of {@code pass}, a scoped pass, as its catalog says
   * ({@link ScopeColumn}); not exactly when the factory is not Hibernate's.
   */
  public static ScopeComparison scopeComparison(EntityManagerFactory emf, DatabaseProfile database, PassModel pass) {
    SessionFactoryImplementor factory;
    try {
      factory = emf.unwrap(SessionFactoryImplementor.class);
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return database.scopeComparisonNotRead("the provider names no column");
    }
    return ScopeColumn.comparison(factory, database, pass);
  }

  /**
   * What the native statements of {@code pass} rest on in {@code database}'s catalog, read again before each sweep; none
   * where the database reads no such facts, the factory is not Hibernate's, or the entity has no one table.
   */
  public static CatalogWatch catalogWatch(EntityManagerFactory emf, DatabaseProfile database, PassModel pass) {
    Optional<CatalogFacts> facts = database.catalogFacts();
    SessionFactoryImplementor factory;
    try {
      factory = emf.unwrap(SessionFactoryImplementor.class);
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return CatalogWatch.NONE;
    }
    if (facts.isEmpty() || !(factory.getMappingMetamodel().getEntityDescriptor(pass.entityType())
        instanceof SingleTableEntityPersister single)) {
      return CatalogWatch.NONE;
    }
    String table = single.getIdentifierTableName();
    Optional<String> scope = pass.scopeAttribute().map(attribute -> NativeColumns.of(factory, single, attribute,
        "@TtlScope attribute", NativeColumns.SCOPE_TYPES)).flatMap(column -> Optional.ofNullable(column.name()));
    return () -> {
      try (Session session = factory.openSession()) {
        return session.doReturningWork(connection -> facts.get().read(connection, table, scope));
      }
    };
  }

  /**
   * Whether the tenants of {@code pass} can be looked at across their schemas at once: where {@code database} states
   * how, the factory is Hibernate's, and the pass has no condition and no scope (a scope's window may be shorter than
   * the pass's, a condition is JPQL) over one table whose {@code @Ttl} column is on the native allow-list, and whose
   * selection, as Hibernate writes it for a tenant's session, holds the look's conjuncts. The look finds a superset of
   * the rows the pass deletes, so a tenant it visits in vain costs a look, and none is missed.
   *
   * @param tenant the tenant whose session Hibernate writes the selection for; empty: the session it opens here
   */
  public static SchemaLook.Decision schemaLook(EntityManagerFactory emf, DatabaseProfile database, PassModel pass,
      Optional<String> tenant) {
    LookTable looked = LookTable.of(emf, database, pass, "schemas", tenant);
    if (looked.refusal() != null) {
      return SchemaLook.Decision.none(looked.refusal());
    }
    return new SchemaLook.Decision(Optional.of(new SchemaLookStatement(database.tenantSchemas().get(), looked.table(),
        looked.ttl().name(), pass)), "");
  }

  /**
   * Whether the tenants of {@code pass}, whose entity carries its tenant in a {@code @TenantId} column, can be looked at
   * together: where {@code database} states where a session finds a table, the factory is Hibernate's, the pass has no
   * condition and no scope, its entity is one table whose {@code @Ttl} column is on the native allow-list, and its
   * tenant column is on it too. Where the database's catalog says the tenant column compares exactly (a tenant value it
   * returns is matched in Java by equality), at build and again before each look ({@link TenantColumnWatch}), a value
   * no tenant names is a tenant not listed; where the database reads no such catalog (MariaDB), a value no tenant names
   * exactly may be a tenant's in the database's eyes, and visits every tenant ({@link TenantColumnLook}); where its
   * catalog says the column does not compare exactly, each tenant looks for itself. The look finds a superset of the
   * rows the pass deletes in each tenant, so none is missed.
   *
   * @param tenantAttribute the entity's {@code @TenantId} attribute, by name
   * @param sessionTenant the tenant whose session Hibernate writes the selection for; empty: the session it opens here
   */
  public static SchemaLook.Decision tenantColumnLook(EntityManagerFactory emf, DatabaseProfile database,
      PassModel pass, String tenantAttribute, Optional<String> sessionTenant) {
    LookTable looked = LookTable.of(emf, database, pass, "tenants", sessionTenant);
    if (looked.refusal() != null) {
      return SchemaLook.Decision.none(looked.refusal());
    }
    NativeColumns.Column tenant = NativeColumns.of(looked.factory(), looked.persister(), tenantAttribute,
        "@TenantId attribute", NativeColumns.SCOPE_TYPES);
    if (tenant.refused().isPresent()) {
      return SchemaLook.Decision.none(tenant.refusal());
    }
    Optional<CatalogFacts> facts = database.catalogFacts();
    Optional<ScopeColumns> columns = database.scopeColumns();
    if (columns.isEmpty()) {
      // Its collations may take two tenant values as one (MariaDB's default ones do), which no catalog read tells: the
      // look matches only a value identical to a tenant's, which that tenant's filter matches under any collation, and
      // a value identical to none visits every tenant (TenantColumnLook). It rests on no collation, so on no catalog
      // read before each look; what it reads is the relation each tenant's session finds by the table's name (its
      // home), as the tenants' own statements read it, and its @Ttl column compared with the cutoff bound as theirs,
      // as the look across schemas on such a database is.
      return new SchemaLook.Decision(Optional.of(new TenantColumnLook(database.tenantSchemas().get(), looked.table(),
          tenant.name(), looked.ttl().name(), pass, Optional.empty())), "");
    }
    if (facts.isEmpty()) {
      return SchemaLook.Decision.none(database.name() + "'s catalog is not read again before each look");
    }
    // Read before the comparison is judged, so that a change in between is seen by the first look.
    String judgedOn;
    try (Session session = looked.factory().openSession()) {
      judgedOn = session.doReturningWork(connection -> facts.get().read(connection, looked.table(),
          Optional.of(tenant.name())));
      Optional<String> kind = facts.get().lookRefusal(judgedOn);
      if (kind.isPresent()) {
        return SchemaLook.Decision.none(kind.get());
      }
    } catch (RuntimeException unreadable) {
      judgedOn = "unread (" + unreadable.getMessage() + ")"; // judged again at the first look
    }
    ScopeComparison comparison = ScopeColumn.comparison(looked.factory(), database, pass.entityType(),
        tenantAttribute, "the @TenantId attribute " + tenantAttribute, "the tenant column ");
    if (!comparison.exact()) {
      return SchemaLook.Decision.none("its tenant column is not known to compare exactly: " + comparison.why());
    }
    TenantColumnWatch watch = new TenantColumnWatch(facts.get(), columns.get(), looked.table(), tenant.name(),
        ScopeColumn.javaType(looked.persister().findAttributeMapping(tenantAttribute)), judgedOn);
    return new SchemaLook.Decision(Optional.of(new TenantColumnLook(database.tenantSchemas().get(), looked.table(),
        tenant.name(), looked.ttl().name(), pass, Optional.of(watch))), "");
  }

  /**
   * What both looks across tenants need of a pass, or why it has none: a database that states where a session finds a
   * table, Hibernate, no condition (JPQL) and no scope (its windows may be shorter than the pass's), one table named
   * without its schema, a {@code @Ttl} column on the native allow-list, and Hibernate's selection of the pass's rows
   * for a tenant's session within what the look states ({@link HibernateRestrictions#outsideLook}): the date is all
   * the look compares, so anything Hibernate adds only narrows what each tenant's sweep takes. Exactly one of
   * {@code refusal} and the rest is set.
   */
  private record LookTable(String refusal, SessionFactoryImplementor factory, SingleTableEntityPersister persister,
      String table, NativeColumns.Column ttl) {

    static LookTable of(EntityManagerFactory emf, DatabaseProfile database, PassModel pass, String across,
        Optional<String> tenant) {
      if (database.tenantSchemas().isEmpty()) {
        return refused(database.name() + " states no look across " + across);
      }
      SessionFactoryImplementor factory;
      try {
        factory = emf.unwrap(SessionFactoryImplementor.class);
      } catch (PersistenceException | IllegalArgumentException notHibernate) {
        return refused("the provider is not Hibernate");
      }
      if (pass.condition().isPresent()) {
        return refused("the pass has a condition");
      }
      if (pass.scopeAttribute().isPresent()) {
        return refused("the pass has a scope, whose windows may be shorter than the pass's");
      }
      if (!(factory.getMappingMetamodel().getEntityDescriptor(pass.entityType())
          instanceof SingleTableEntityPersister single)) {
        return refused("its entity is not mapped to one table");
      }
      String table = single.getIdentifierTableName();
      if (table.contains(".")) {
        return refused("its table " + table + " is named with its schema");
      }
      NativeColumns.Column ttl = NativeColumns.of(factory, single, pass.ttlAttribute(), "@Ttl attribute",
          NativeColumns.TTL_TYPES);
      if (ttl.refused().isPresent()) {
        return refused(ttl.refusal());
      }
      Optional<String> outside = HibernateRestrictions.outsideLook(factory, pass, table, ttl.name(), tenant);
      if (outside.isPresent()) {
        return refused(outside.get());
      }
      return new LookTable(null, factory, single, table, ttl);
    }

    private static LookTable refused(String why) {
      return new LookTable(why, null, null, null, null);
    }
  }

  /**
   * The shapes for the factory, fastest first: the purge of {@code @SoftDelete} entities, then those {@code database}
   * gets; none when the factory is not Hibernate's.
   */
  public static List<NativeShapes> forFactory(EntityManagerFactory emf, DatabaseProfile database,
      Set<String> onServerSettings) {
    SessionFactoryImplementor factory;
    try {
      factory = emf.unwrap(SessionFactoryImplementor.class);
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return List.of();
    }
    List<NativeShapes> shapes = new ArrayList<>();
    // First: no other shape purges a @SoftDelete entity, and it takes no other entity.
    shapes.add(new SoftDeletePurge(factory, database.skipsLockedRows()));
    shapes.addAll(database.nativeShapes(new Statements(factory, emf, BatchSession.of(database, onServerSettings))));
    return shapes;
  }

  /** Hibernate's native shapes, for the profile to compose. */
  private record Statements(SessionFactoryImplementor factory, EntityManagerFactory emf, BatchSession session)
      implements NativeStatements {

    @Override
    public NativeShapes physicalAddress() {
      return new PostgresCtidShape(factory, session);
    }

    @Override
    public NativeShapes skipLocked(boolean deleteByPrimaryKey) {
      return new SkipLockedShape(factory, emf.getMetamodel(), session, deleteByPrimaryKey);
    }

    @Override
    public NativeShapes integerKeysOnly(NativeShapes shape) {
      return MeasuredKeys.integerKeys(shape, emf.getMetamodel());
    }

    @Override
    public NativeShapes keyDelete() {
      return MeasuredKeys.textAndCompositeKeys(new NativeKeyDelete(factory, session), emf.getMetamodel());
    }

    @Override
    public NativeShapes range(RowLockWait lockWait, Optional<IndexCatalog> indexes, List<NativeShapes> others) {
      return new RangeShapes(factory, lockWait, session, indexes, others);
    }

    @Override
    public NativeShapes orderedDelete(RowLockWait lockWait, IndexCatalog indexes, List<NativeShapes> others) {
      return new OrderedDelete(factory, session, lockWait, indexes, others);
    }
  }
}
