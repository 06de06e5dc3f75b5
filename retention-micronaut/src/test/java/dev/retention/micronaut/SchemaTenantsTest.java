package dev.retention.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.micronaut.model.FixedClock;
import dev.retention.micronaut.model.SchemaPerTenant;
import dev.retention.micronaut.model.TenantList;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A schema per tenant with Hibernate JPA in Micronaut: Hibernate's own multi-tenancy ({@link SchemaPerTenant}, a
 * {@code MultiTenantConnectionProvider} and a resolver over Micronaut's HTTP header resolver), one data source, and
 * the tenants named to the runtime by a {@code RetentionRuntimeCustomizer} ({@link TenantList}). The runtime opens
 * each tenant's sessions for that tenant; without the tenants named, the application does not start.
 */
class SchemaTenantsTest {

  private static final AtomicInteger APPLICATIONS = new AtomicInteger();

  private static final Map<String, Integer> EXPIRED = new LinkedHashMap<>(Map.of("ACME", 1, "GLOBEX", 2, "INITECH", 3));
  private static final int LIVE = 2;

  private final String url = "jdbc:h2:mem:retention_micronaut_schemas_" + APPLICATIONS.incrementAndGet()
      + ";DB_CLOSE_DELAY=-1";

  @Test
  void aSweepOfThePassDeletesEveryTenantsExpiredRowsInItsOwnSchemaAndKeepsTheLiveOnes() throws Exception {
    try (ApplicationContext context = start(true)) {
      seedEveryTenant();

      SweepReport round = context.getBean(RetentionRuntime.class).sweep(TestApplication.PASS);

      assertEquals(Optional.empty(), round.failure());
      assertEquals(6, round.deleted(), "1 + 2 + 3 expired rows, over the three tenants");
      for (String tenant : EXPIRED.keySet()) {
        assertEquals(LIVE, count(tenant), () -> tenant + " keeps its live rows only");
      }
    }
  }

  @Test
  void aSignInSweepsTheExpiredRowsOfTheTenantItsHeaderNamesAndNoOtherTenants() throws Exception {
    try (ApplicationContext context = start(true)) {
      seedEveryTenant();

      Map<String, Object> signIn = Http.postJson(Http.server(context), "/sign-in", "tenantId", "GLOBEX");

      assertEquals(Map.of("tenant", "GLOBEX", "deleted", 2, "left", LIVE, "failure", "none"), signIn,
          "the sweep deleted GLOBEX's expired rows, and GLOBEX's repository finds its live rows only");
      assertEquals(1 + LIVE, count("ACME"), "ACME's expired row waits for its own sweep");
      assertEquals(3 + LIVE, count("INITECH"), "INITECH's expired rows wait for their own sweep");
    }
  }

  @Test
  void withoutItsTenantsNamedTheApplicationDoesNotStartAndTheRuntimeSaysHowToNameThem() {
    RetentionConfigurationException cause = TestApplication.startFailure(builder(false));

    assertTrue(cause.getMessage().contains("The EntityManagerFactory is multi-tenant"), cause::getMessage);
    assertTrue(cause.getMessage().contains("Name the tenants: RetentionRuntime.builder(emf).tenants(() -> tenantIds)"),
        cause::getMessage);
  }

  private ApplicationContext start(boolean tenantsNamed) {
    return builder(tenantsNamed).start();
  }

  private ApplicationContextBuilder builder(boolean tenantsNamed) {
    Map<String, Object> properties = new HashMap<>(TestApplication.dataSource("default", url));
    properties.put("micronaut.multitenancy.tenantresolver.httpheader.enabled", "true");
    properties.put(SchemaPerTenant.PROPERTY, "true");
    if (tenantsNamed) {
      properties.put(TenantList.PROPERTY, List.copyOf(EXPIRED.keySet()));
    }
    return ApplicationContext.builder().properties(properties);
  }

  /** Each tenant's schema, with a table like the one Hibernate created in the data source's own schema, and rows. */
  private void seedEveryTenant() throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, "sa", "");
        Statement statement = connection.createStatement()) {
      for (String tenant : EXPIRED.keySet()) {
        statement.execute("create schema " + tenant);
        statement.execute("create table " + tenant + ".session_token"
            + " as select * from public.session_token with no data");
      }
    }
    long id = 1;
    for (Map.Entry<String, Integer> tenant : EXPIRED.entrySet()) {
      for (int i = 0; i < tenant.getValue(); i++) {
        TestApplication.insert(url, tenant.getKey() + ".session_token", id++, FixedClock.NOW.minusSeconds(60 + i));
      }
      for (int i = 0; i < LIVE; i++) {
        TestApplication.insert(url, tenant.getKey() + ".session_token", id++, FixedClock.NOW.plusSeconds(60 + i));
      }
    }
  }

  private long count(String tenant) throws SQLException {
    return TestApplication.count(url, tenant + ".session_token");
  }
}
