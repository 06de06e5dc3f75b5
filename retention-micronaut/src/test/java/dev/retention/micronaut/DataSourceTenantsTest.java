package dev.retention.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.micronaut.model.FactoriesAtClose;
import dev.retention.micronaut.model.FixedClock;
import dev.retention.micronaut.model.TenantList;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import io.micronaut.context.ApplicationContext;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A multi-tenant application on Micronaut Data Hibernate JPA, set up as Micronaut's guide sets one up: the
 * {@code DATASOURCE} mode, a data source per tenant named by the tenant's identifier (so an
 * {@code EntityManagerFactory} per tenant), the tenant resolved from the {@code tenantId} HTTP header, and no line of
 * Retention's configuration. Each tenant holds a different number of expired rows, so that a sweep that reached another
 * tenant's data source would show in the counts.
 */
class DataSourceTenantsTest {

  private static final AtomicInteger APPLICATIONS = new AtomicInteger();

  /** Each tenant's expired rows (a different number each) and live rows. */
  private static final Map<String, Integer> EXPIRED = new LinkedHashMap<>(Map.of("acme", 1, "globex", 2, "initech", 3));
  private static final int LIVE = 2;

  private final int application = APPLICATIONS.incrementAndGet();
  private final List<SweepReport> reports = new CopyOnWriteArrayList<>();

  @Test
  void aSweepOfThePassDeletesEveryTenantsExpiredRowsInItsOwnDataSourceAndKeepsTheLiveOnes() throws Exception {
    try (ApplicationContext context = start()) {
      seedEveryTenant();

      SweepReport round = context.getBean(RetentionRuntime.class).sweep(TestApplication.PASS);

      assertEquals(Optional.empty(), round.failure());
      assertEquals(6, round.deleted(), "1 + 2 + 3 expired rows, over the three tenants");
      for (String tenant : EXPIRED.keySet()) {
        assertEquals(LIVE, count(tenant), () -> tenant + " keeps its live rows only");
      }
      Map<String, Long> deletedByTenant = new TreeMap<>();
      reports.forEach(report -> deletedByTenant.merge(report.tenant().orElse("none"), report.deleted(), Long::sum));
      assertEquals(Map.of("acme", 1L, "globex", 2L, "initech", 3L), deletedByTenant,
          "each tenant's sweep is told as its own, naming its tenant, and deleted that tenant's expired rows");
    }
  }

  @Test
  void aSignInSweepsTheExpiredRowsOfTheTenantItsHeaderNamesAndNoOtherTenants() throws Exception {
    try (ApplicationContext context = start()) {
      seedEveryTenant();

      Map<String, Object> signIn = Http.postJson(Http.server(context), "/sign-in", "tenantId",
          "globex");

      assertEquals(Map.of("tenant", "globex", "deleted", 2, "left", LIVE, "failure", "none"), signIn,
          "the sweep deleted globex's expired rows, and globex's repository finds its live rows only");
      assertEquals(1 + LIVE, count("acme"), "acme's expired row waits for its own sweep");
      assertEquals(3 + LIVE, count("initech"), "initech's expired rows wait for their own sweep");
    }
  }

  @Test
  void aTenantTheApplicationNamesWithoutADataSourceFailsItsOwnSweepSayingWhichDataSourcesThereAre() throws Exception {
    try (ApplicationContext context = start(Map.of(TenantList.PROPERTY, List.of("acme", "umbrella", "globex")))) {
      seedEveryTenant();

      SweepReport round = context.getBean(RetentionRuntime.class).sweep(TestApplication.PASS);

      SweepReport umbrella = reports.stream().filter(report -> report.tenant().equals(Optional.of("umbrella")))
          .findFirst().orElseThrow(() -> new AssertionError("no report of umbrella's sweep in " + reports));
      String failure = umbrella.failure().map(Throwable::getMessage).orElse("none");
      assertTrue(failure.contains("Tenant umbrella has no data source")
          && failure.contains("[acme, globex, initech]"), failure);
      assertTrue(round.failure().isPresent(), "the round says one of its tenants failed");
      assertEquals(LIVE, count("acme"), "the listed tenants are swept");
      assertEquals(LIVE, count("globex"), "the listed tenants are swept, the one after the failure too");
      assertEquals(3 + LIVE, count("initech"), "a customizer's tenants(...) replaces the data sources' names");
    }
  }

  @Test
  void aDefaultDataSourceBesideTheTenantsIsSweptAsATenantOfItsName() throws Exception {
    Map<String, Object> withDefault = new HashMap<>(TestApplication.dataSource("default", url("default")));
    withDefault.put("jpa.default.properties.hibernate.hbm2ddl.auto", "create-drop");
    try (ApplicationContext context = start(withDefault)) {
      seedEveryTenant();
      insert("default", 100, FixedClock.NOW.minusSeconds(60));
      insert("default", 101, FixedClock.NOW.plusSeconds(60));

      SweepReport round = context.getBean(RetentionRuntime.class).sweep(TestApplication.PASS);

      assertEquals(7, round.deleted(), "the tenants' 6 expired rows and the default data source's one");
      assertEquals(1, count("default"), "the default data source keeps its live row");
      assertTrue(reports.stream().anyMatch(report -> report.tenant().equals(Optional.of("default"))
          && report.deleted() == 1), reports::toString);
    }
  }

  @Test
  void theRuntimeClosesWithTheContextBeforeAnyTenantsFactory() {
    ApplicationContext context = start(Map.of(FactoriesAtClose.PROPERTY, "true"));
    FactoriesAtClose probe = context.getBean(FactoriesAtClose.class);

    context.close();

    assertEquals(List.of(true, true, true), probe.open(), "each tenant's factory was open when the runtime closed");
  }

  private ApplicationContext start() {
    return start(Map.of());
  }

  private ApplicationContext start(Map<String, Object> more) {
    Map<String, Object> properties = new HashMap<>(more);
    properties.put("micronaut.data.multi-tenancy.mode", "DATASOURCE");
    properties.put("micronaut.multitenancy.tenantresolver.httpheader.enabled", "true");
    for (String tenant : EXPIRED.keySet()) {
      properties.putAll(TestApplication.dataSource(tenant, url(tenant)));
      // Micronaut Data's repositories need each data source's JPA configuration.
      properties.put("jpa." + tenant + ".properties.hibernate.hbm2ddl.auto", "create-drop");
    }
    SweepListener recorder = new SweepListener() {
      @Override
      public void sweepFinished(SweepReport report) {
        reports.add(report);
      }
    };
    return ApplicationContext.builder().properties(properties).singletons(recorder).start();
  }

  private void seedEveryTenant() throws SQLException {
    long id = 1;
    for (Map.Entry<String, Integer> tenant : EXPIRED.entrySet()) {
      for (int i = 0; i < tenant.getValue(); i++) {
        insert(tenant.getKey(), id++, FixedClock.NOW.minusSeconds(60 + i));
      }
      for (int i = 0; i < LIVE; i++) {
        insert(tenant.getKey(), id++, FixedClock.NOW.plusSeconds(60 + i));
      }
    }
  }

  private String url(String tenant) {
    return "jdbc:h2:mem:retention_micronaut_tenants_" + application + "_" + tenant + ";DB_CLOSE_DELAY=-1";
  }

  private void insert(String tenant, long id, Instant expiresAt) throws SQLException {
    TestApplication.insert(url(tenant), "session_token", id, expiresAt);
  }

  private long count(String tenant) throws SQLException {
    return TestApplication.count(url(tenant), "session_token");
  }
}
