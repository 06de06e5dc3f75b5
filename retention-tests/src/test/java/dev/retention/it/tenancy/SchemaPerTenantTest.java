package dev.retention.it.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.it.support.Jpa;
import dev.retention.runtime.internal.lock.LockKeys;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Optional;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A schema per tenant (on MariaDB a database per tenant) through Hibernate's {@code MultiTenantConnectionProvider},
 * with a resolver that answers a fallback tenant on every thread but a request's (the sweeper's too): a runtime not
 * told the tenants would sweep the fallback's schema and report the pass drained. It must refuse to build, naming the
 * fix; told the tenants, every tenant's expired rows go and every live row stays, and a sweep of one tenant touches no
 * other's rows.
 *
 * <p>On Hibernate 7.4 alone: the suite is of Hibernate's own multi-tenancy, its
 * {@code MultiTenantConnectionProvider} and resolver.
 */
@Timeout(120)
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = {"H2", "POSTGRESQL", "MARIADB"})
class SchemaPerTenantTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String PASS = SessionToken.class.getName();
  static final List<String> TENANTS = List.of("t1", "t2", "t3");
  static final int EXPIRED = 40;
  static final int LIVE = 15;

  SchemaPerTenantTest(TestDatabase.Kind kind) {
    super(kind, NOW, SessionToken.class);
  }

  @Override
  protected Map<String, ?> properties() {
    return Map.of("hibernate.multi_tenant_connection_provider", new SchemaPerTenant(database),
        "hibernate.tenant_identifier_resolver", new FallbackTenant("t1"));
  }

  @BeforeEach
  @Override
  protected void openDatabase() {
    super.openDatabase();
    try {
      SchemaPerTenant.createSchemas(database, "session_token", TENANTS);
    } catch (SQLException e) {
      throw new IllegalStateException("Creating the tenants' schemas on " + kind, e);
    }
    for (String tenant : TENANTS) {
      inTenant(tenant, em -> {
        for (long id = 1; id <= EXPIRED + LIVE; id++) {
          em.persist(new SessionToken(id, id <= EXPIRED ? NOW.minus(Duration.ofMinutes(id))
              : NOW.plus(Duration.ofDays(id))));
        }
        return null;
      });
    }
  }

  @AfterEach
  @Override
  protected void closeDatabase() throws Exception {
    try {
      SchemaPerTenant.dropSchemas(database);
    } finally {
      super.closeDatabase();
    }
  }

  @Test
  void aMultiTenantFactoryWithoutItsTenantsFailsTheBuildNamingTheFix() {
    RetentionConfigurationException refused = assertThrows(RetentionConfigurationException.class,
        () -> RetentionRuntime.builder(emf).clock(clock).build());

    String message = refused.getMessage();
    assertTrue(message.contains("The EntityManagerFactory is multi-tenant (Hibernate's multi-tenancy: a schema or a"
        + " database per tenant, through its MultiTenantConnectionProvider)"), message);
    assertTrue(message.contains("tenants(() -> tenantIds)") && message.contains("sweepTenant(pass, tenant)")
        && message.contains("isRoot") && message.contains("docs/concepts/multi-tenant.md"), message);
    for (String tenant : TENANTS) {
      assertEquals(EXPIRED, expiredLeft(tenant), "nothing was swept in " + tenant);
    }
  }

  @Test
  void everyTenantsExpiredRowsGoAndEveryLiveRowStays() {
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> TENANTS).build()) {
      List<SweepReport> reports = retention.sweepAll();

      assertEquals(1, reports.size(), reports::toString);
      SweepReport round = reports.get(0);
      assertTrue(round.failure().isEmpty(), round::toString);
      assertEquals(3L * EXPIRED, round.deleted(), round::toString);
      assertFalse(round.workRemains(), round::toString);
    }
    for (String tenant : TENANTS) {
      assertEquals(0, expiredLeft(tenant), "expired rows left in " + tenant);
      assertEquals(idsFrom(EXPIRED + 1, EXPIRED + LIVE), idsOf(tenant), "the live rows of " + tenant);
    }
    // Each tenant's sweep is reported, naming its tenant; the round's summary is told to no listener.
    List<String> swept = listener.sweeps.stream().map(report -> report.tenant().orElse("none")).toList();
    assertEquals(TENANTS, swept);
    listener.sweeps.forEach(report -> assertEquals(EXPIRED, report.deleted(), report::toString));
    assertTrue(listener.sweeps.get(1).toString().startsWith(PASS + " [tenant t2]: deleted " + EXPIRED),
        () -> listener.sweeps.get(1).toString());
  }

  @Test
  void theStartLineSaysTheTenantsAreSweptOneByOneWithThePortableStatements() {
    String line = StartLine.of(RetentionRuntime.builder(emf).clock(clock).tenants(() -> TENANTS).build());

    assertTrue(line.contains("tenant by tenant (Hibernate's multi-tenancy: a schema or a database per tenant, through"
        + " its MultiTenantConnectionProvider; the tenants listed by tenants(...) each round, each in sessions opened"
        + " for it; the portable JPQL, which the provider's tenant filter and connections see)"), line);
    assertTrue(line.contains("portable JPQL"), line);
  }

  @Test
  void aSweepOfOneTenantTouchesNoOtherTenantsRows() {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).tenants(() -> TENANTS).build()) {
      SweepReport t2 = retention.sweepTenant(PASS, "t2");

      assertTrue(t2.succeeded(), t2::toString);
      assertEquals(EXPIRED, t2.deleted(), t2::toString);
      assertEquals("t2", t2.tenant().orElseThrow());
    }
    assertEquals(0, expiredLeft("t2"));
    assertEquals(EXPIRED, expiredLeft("t1"), "t1 is the resolver's fallback, and no tenant of this sweep");
    assertEquals(EXPIRED, expiredLeft("t3"));
    for (String tenant : TENANTS) {
      assertEquals(EXPIRED + LIVE - (tenant.equals("t2") ? EXPIRED : 0), idsOf(tenant).size(), tenant);
    }
  }

  /**
   * The round is bounded: with one batch a tenant and two a round, a round sweeps two tenants and says work remains;
   * the next goes on from the third, and the one after from the first again, so no tenant waits behind another's
   * backlog.
   */
  @Test
  void aRoundKeepsItsBoundAndTheNextGoesOnFromWhereItStopped() {
    List<SweepReport> told = new CopyOnWriteArrayList<>();
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .defaults(RetentionOptions.empty().withBatchSize(10).withMaxBatchesPerSweep(2).withMaxBatchesPerScope(1))
        .tenants(() -> TENANTS).build()) {
      SweepReport first = retention.sweep(PASS);
      told.addAll(listener.sweeps);

      assertEquals(2, first.batches(), first::toString);
      assertEquals(20, first.deleted(), first::toString);
      assertTrue(first.workRemains(), first::toString);
      assertEquals(List.of("t1", "t2"), tenantsOf(told));

      SweepReport second = retention.sweep(PASS);
      assertEquals(List.of("t1", "t2", "t3", "t1"), tenantsOf(listener.sweeps), second::toString);
    }
    assertEquals(EXPIRED - 20, expiredLeft("t1"));
    assertEquals(EXPIRED - 10, expiredLeft("t2"));
    assertEquals(EXPIRED - 10, expiredLeft("t3"));
  }

  /**
   * A round's bound counts batches, not tenants: with one batch a round, three rounds drain the three tenants, each
   * saying work remains (on H2, which has no look across schemas); the fourth finds nothing and goes over every tenant
   * once, so the pass then waits its interval instead of going round again.
   */
  @Test
  void anIdleRoundLooksAtEveryTenantOnceAndLeavesNoWork() {
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .defaults(RetentionOptions.empty().withBatchSize(1000).withMaxBatchesPerSweep(1))
        .tenants(() -> TENANTS).build()) {
      // On PostgreSQL and MariaDB the third round's look across the schemas (each learnt at its tenant's first visit)
      // already knows t1 and t2 drained, so that round ends with the last tenant that had expired rows, and the idle
      // round after it is the look alone, visiting no tenant (SchemaLookTest).
      boolean looks = kind != TestDatabase.Kind.H2;
      for (int round = 1; round <= 3; round++) {
        SweepReport draining = retention.sweep(PASS);
        assertEquals(EXPIRED, draining.deleted(), draining::toString);
        assertEquals(round < 3 || !looks, draining.workRemains(), draining::toString);
      }
      listener.sweeps.clear();

      SweepReport idle = retention.sweep(PASS);

      assertEquals(0, idle.deleted(), idle::toString);
      assertFalse(idle.workRemains(), idle::toString);
      assertEquals(looks ? List.of() : TENANTS, tenantsOf(listener.sweeps));
    }
    TENANTS.forEach(tenant -> assertEquals(0, expiredLeft(tenant), tenant));
  }

  /**
   * The sweep lock is one per pass and tenant (PostgreSQL's advisory lock, MariaDB's named lock): another instance
   * sweeping t2 holds t2's alone, so this round sweeps t1 and t3 and reports t2 skipped; the next round, the lock gone,
   * sweeps t2.
   */
  @Test
  void aTenantHeldByAnotherInstanceIsSkippedAloneAndSweptOnceItIsFree() throws SQLException {
    Assumptions.assumeTrue(kind != TestDatabase.Kind.H2, "H2 takes no sweep lock");
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> TENANTS).build()) {
      try (Connection holder = database.connect(); Statement statement = holder.createStatement()) {
        // As another instance takes it: on the connection the factory gives outside any tenant.
        statement.execute(kind == TestDatabase.Kind.POSTGRESQL
            ? "select pg_advisory_lock(" + LockKeys.advisoryKey(PASS + "@t2") + ")"
            : "select get_lock('" + LockKeys.lockName(holder.getCatalog(), PASS + "@t2") + "', 0)");

        SweepReport round = retention.sweep(PASS);

        assertEquals(2L * EXPIRED, round.deleted(), round::toString);
        SweepReport t2 = listener.sweeps.stream().filter(report -> report.tenant().equals(Optional.of("t2")))
            .findFirst().orElseThrow();
        assertTrue(t2.skipped(), t2::toString);
        assertEquals(EXPIRED, expiredLeft("t2"));
      }
      SweepReport again = retention.sweep(PASS);

      assertEquals(EXPIRED, again.deleted(), again::toString);
    }
    TENANTS.forEach(tenant -> assertEquals(0, expiredLeft(tenant), tenant));
  }

  /**
   * Two runtimes of one PostgreSQL database, each over a schema of its own (the application's per-tenant runtimes):
   * the lock of one schema's pass is not the other's, so neither skips the other's sweep.
   */
  @Test
  void runtimesOfOneSchemaEachNeverSkipEachOther() throws SQLException {
    Assumptions.assumeTrue(kind == TestDatabase.Kind.POSTGRESQL, "PostgreSQL's currentSchema in the URL");
    EntityManagerFactory t1 = Jpa.factory(database.url() + "&currentSchema=t1", database.user(),
        List.of(SessionToken.class), Map.of(Jpa.SCHEMA_ACTION, "none"));
    EntityManagerFactory t3 = Jpa.factory(database.url() + "&currentSchema=t3", database.user(),
        List.of(SessionToken.class), Map.of(Jpa.SCHEMA_ACTION, "none"));
    try (RetentionRuntime first = RetentionRuntime.builder(t1).clock(clock).build();
        RetentionRuntime third = RetentionRuntime.builder(t3).clock(clock).build();
        Connection holder = database.connect(); Statement statement = holder.createStatement()) {
      statement.execute("select pg_advisory_lock(" + LockKeys.advisoryKey("t1", PASS) + ")");

      SweepReport skipped = first.sweep(PASS);
      SweepReport swept = third.sweep(PASS);

      assertTrue(skipped.skipped(), skipped::toString);
      assertFalse(swept.skipped(), swept::toString);
      assertEquals(EXPIRED, swept.deleted(), swept::toString);
    } finally {
      t1.close();
      t3.close();
    }
    assertEquals(EXPIRED, expiredLeft("t1"));
    assertEquals(0, expiredLeft("t3"));
  }

  private static List<String> tenantsOf(List<SweepReport> reports) {
    return reports.stream().map(report -> report.tenant().orElse("none")).collect(Collectors.toList());
  }

  private long expiredLeft(String tenant) {
    return inTenant(tenant, em -> em.createQuery("select count(e) from SessionToken e where e.expiresAt <= :now",
        Long.class).setParameter("now", NOW).getSingleResult());
  }

  private Set<Long> idsOf(String tenant) {
    return inTenant(tenant, em -> new TreeSet<>(em.createQuery("select e.id from SessionToken e", Long.class)
        .getResultList()));
  }

  private static Set<Long> idsFrom(long first, long last) {
    Set<Long> ids = new TreeSet<>();
    for (long id = first; id <= last; id++) {
      ids.add(id);
    }
    return ids;
  }

  /** Runs {@code work} in a transaction of a session opened for {@code tenant}. */
  private <T> T inTenant(String tenant, java.util.function.Function<EntityManager, T> work) {
    return Jpa.inTransaction(emf, Map.of("org.hibernate.tenantId", tenant), work);
  }
}
