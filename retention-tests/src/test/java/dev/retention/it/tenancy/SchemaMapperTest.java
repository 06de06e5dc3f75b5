package dev.retention.it.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.hibernate.context.spi.TenantSchemaMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A schema per tenant through Hibernate 7's schema mapper: Hibernate sets each session's schema from its tenant, on
 * connections of the ordinary pool. Without its tenants the runtime refuses to build; with them every tenant's expired
 * rows go, every live row stays, and a sweep of one tenant touches no other's.
 *
 * <p>On Hibernate 7.4 alone: the schema mapper is Hibernate 7's.
 */
@Timeout(120)
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = {"H2", "POSTGRESQL"})
class SchemaMapperTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String PASS = SessionToken.class.getName();
  static final List<String> TENANTS = List.of("t1", "t2", "t3");
  static final int EXPIRED = 20;
  static final int LIVE = 8;

  SchemaMapperTest(TestDatabase.Kind kind) {
    super(kind, NOW, SessionToken.class);
  }

  @Override
  protected Map<String, ?> properties() {
    TenantSchemaMapper<String> mapper = tenant -> kind == TestDatabase.Kind.H2 ? tenant.toUpperCase() : tenant;
    return Map.of("hibernate.multi_tenant.schema_mapper", mapper,
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

  @Test
  void withoutItsTenantsTheBuildFailsNamingTheSchemaMapper() {
    RetentionConfigurationException refused = assertThrows(RetentionConfigurationException.class,
        () -> RetentionRuntime.builder(emf).clock(clock).build());

    assertTrue(refused.getMessage().contains("multi-tenant (Hibernate's multi-tenancy: a schema per tenant, through"
        + " its schema mapper)"), refused::getMessage);
  }

  @Test
  void everyTenantsExpiredRowsGoAndASweepOfOneTouchesNoOther() {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).tenants(() -> TENANTS).build()) {
      SweepReport t3 = retention.sweepTenant(PASS, "t3");

      assertEquals(EXPIRED, t3.deleted(), t3::toString);
      assertEquals(List.of((long) EXPIRED, (long) EXPIRED, 0L), TENANTS.stream().map(this::expiredLeft).toList());

      SweepReport round = retention.sweepAll().get(0);

      assertTrue(round.succeeded(), round::toString);
      assertEquals(2L * EXPIRED, round.deleted(), round::toString);
    }
    for (String tenant : TENANTS) {
      assertEquals(0, expiredLeft(tenant), tenant);
      assertEquals(EXPIRED + LIVE - EXPIRED, (long) inTenant(tenant, em -> em.createQuery(
          "select count(e) from SessionToken e", Long.class).getSingleResult()), tenant);
    }
  }

  /**
   * On PostgreSQL the schema mapper's tenants are looked at across their schemas too: each session says where its
   * table is (the schema the mapper set), so once every tenant was visited, a round visits only the tenant whose schema
   * has expired rows again, and an idle round none.
   */
  @Test
  void onPostgresqlTheMappersSchemasAreLookedAtTogether() {
    Assumptions.assumeTrue(kind == TestDatabase.Kind.POSTGRESQL, "H2 states no look across schemas");
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> TENANTS).build()) {
      SweepReport first = retention.sweep(PASS);
      assertEquals(3L * EXPIRED, first.deleted(), first::toString);
      inTenant("t2", em -> {
        em.persist(new SessionToken(1_000, NOW.minus(Duration.ofHours(1))));
        return null;
      });
      listener.sweeps.clear();

      SweepReport second = retention.sweep(PASS);

      assertEquals(1, second.deleted(), second::toString);
      assertEquals(List.of("t2"), listener.sweeps.stream().map(report -> report.tenant().orElseThrow()).toList());
      listener.sweeps.clear();
      SweepReport idle = retention.sweep(PASS);
      assertEquals(0, idle.deleted(), idle::toString);
      assertEquals(List.of(), listener.sweeps);
    }
    for (String tenant : TENANTS) {
      assertEquals(0, expiredLeft(tenant), tenant);
    }
  }

  private long expiredLeft(String tenant) {
    return inTenant(tenant, em -> em.createQuery("select count(e) from SessionToken e where e.expiresAt <= :now",
        Long.class).setParameter("now", NOW).getSingleResult());
  }

  private <T> T inTenant(String tenant, java.util.function.Function<EntityManager, T> work) {
    return Jpa.inTransaction(emf, Map.of("org.hibernate.tenantId", tenant), work);
  }
}
