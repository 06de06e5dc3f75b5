package dev.retention.quarkus.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.quarkus.deployment.tenancy.HeaderTenantResolver;
import dev.retention.quarkus.deployment.tenancy.NightlySweep;
import dev.retention.quarkus.deployment.tenancy.SeededRows;
import dev.retention.quarkus.deployment.tenancy.SweepsByTenant;
import dev.retention.runtime.SweepReport;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What an application on Quarkus's multi-tenancy ({@code quarkus.hibernate-orm.multitenant}, a
 * {@code @PersistenceUnitExtension TenantResolver} reading the request's header) gets once a
 * {@code RetentionRuntimeCustomizer} names its tenants: the background round drains every tenant in sessions of that
 * tenant and keeps its live rows, a sign-in sweeps the request's tenant alone, and the application's own job sweeps
 * them all from a thread with a request context but no HTTP request. Each subclass starts the application in one mode.
 */
abstract class TenantsContract {

  /** What each subclass's application adds to its configuration. */
  static final String[] PROPERTIES = {"retention.defaults.max-startup-stagger=0s"};

  /** The first id of the rows the sign-in test adds; the seeded rows' ids are below. */
  private static final long SIGN_IN = 100;

  /** The first id of the rows the nightly job's test adds, above the sign-in test's. */
  private static final long NIGHTLY = 200;

  private static final String EXPIRED = "2025-12-31T00:00:00Z";

  private static final String LIVE = "2026-06-01T00:00:00Z";

  @Inject
  SweepsByTenant sweeps;

  @Inject
  NightlySweep nightly;

  @Test
  void theBackgroundRoundDrainsEveryTenantAndKeepsItsLiveRows() throws Exception {
    Map<String, SweepReport> reports = sweeps.firstRound().get(30, TimeUnit.SECONDS);

    for (String tenant : TenantsApplication.TENANTS) {
      SweepReport report = reports.get(tenant);
      assertTrue(report.succeeded(), () -> tenant + "'s sweep failed: " + report);
      assertEquals(SeededRows.EXPIRED_IDS.get(tenant).size(), report.deleted(),
          () -> tenant + "'s sweep deleted its own expired rows and no other tenant's: " + report);
      assertEquals(SeededRows.LIVE_IDS.get(tenant), ids(tenant, 0, SIGN_IN), tenant + "'s rows left");
    }
  }

  @Test
  void aSignInSweepsTheRequestsTenantAlone() throws Exception {
    sweeps.firstRound().get(30, TimeUnit.SECONDS);
    add("tenant_b", SIGN_IN, EXPIRED);
    add("tenant_c", SIGN_IN, EXPIRED);

    String deleted = given().header(HeaderTenantResolver.HEADER, "tenant_b")
        .when().post("/tokens/sign-in")
        .then().statusCode(200).extract().asString();

    assertEquals("1", deleted);
    assertEquals(List.of(), ids("tenant_b", SIGN_IN, NIGHTLY), "the signed-in tenant's expired row");
    assertEquals(List.of(SIGN_IN), ids("tenant_c", SIGN_IN, NIGHTLY),
        "another tenant's expired row waits for the background round");
    assertEquals(SeededRows.LIVE_IDS.get("base"), ids("base", 0, SIGN_IN));
  }

  @Test
  void theApplicationsJobSweepsEveryTenantWithTheRequestContextActive() throws Exception {
    sweeps.firstRound().get(30, TimeUnit.SECONDS);
    add("base", NIGHTLY, EXPIRED);
    add("tenant_c", NIGHTLY, EXPIRED);
    add("tenant_c", NIGHTLY + 1, LIVE);

    List<SweepReport> reports = nightly.run();

    assertTrue(reports.get(0).succeeded(), reports::toString);
    assertEquals(List.of(), ids("base", NIGHTLY, Long.MAX_VALUE));
    assertEquals(List.of(NIGHTLY + 1), ids("tenant_c", NIGHTLY, Long.MAX_VALUE));
  }

  private static void add(String tenant, long id, String expiresAt) {
    given().header(HeaderTenantResolver.HEADER, tenant)
        .queryParam("id", id).queryParam("expiresAt", expiresAt)
        .when().post("/tokens")
        .then().statusCode(204);
  }

  /** The tenant's ids from {@code from} (inclusive) to {@code to} (exclusive), read through its requests. */
  private static List<Long> ids(String tenant, long from, long to) {
    String ids = given().header(HeaderTenantResolver.HEADER, tenant)
        .when().get("/tokens")
        .then().statusCode(200).extract().asString();
    return ids.isEmpty()
        ? List.of()
        : Arrays.stream(ids.split(",")).map(Long::valueOf).filter(id -> id >= from && id < to).toList();
  }
}
