package dev.retention.it.eclipselink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every mapping of EclipseLink's {@code @Multitenant} must do under the runtime: a runtime not told the tenants
 * refuses to build, naming the fix; told them, it sweeps each tenant in sessions opened with the property the mapping
 * names, so every tenant's expired rows go, every live row stays, one tenant's sweep at sign-in leaves the others'
 * rows, and the start line says so. Each mapping's suite says where a tenant's rows are and counts them by plain SQL,
 * past EclipseLink.
 */
abstract class EclipseLinkTenantsContract extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final List<String> TENANTS = List.of("t1", "t2", "t3");
  static final int EXPIRED = 25;
  static final int LIVE = 10;

  final String pass;
  private final String property;
  private final String mapping;
  private final BiFunction<Long, Instant, Object> row;

  /**
   * @param property the entity manager's property that names the tenant, as the mapping reads it
   * @param mapping how the start line says the mapping keeps tenants apart: {@code SINGLE_TABLE, tenant column tenant}
   * @param row a row of the entity of that id and expiry
   */
  EclipseLinkTenantsContract(TestDatabase.Kind kind, Class<?> entity, String property, String mapping,
      BiFunction<Long, Instant, Object> row) {
    super(kind, NOW, entity);
    this.pass = entity.getName();
    this.property = property;
    this.mapping = mapping;
    this.row = row;
  }

  /** What the application's migrations do before a tenant's rows are written; nothing by default. */
  void prepare(String tenant) {}

  /** The id before the first of {@code tenant}'s rows: its expired rows follow it, then its live ones. */
  abstract long idsBefore(String tenant);

  /** The expired (or live) rows of each tenant, counted by plain SQL past EclipseLink. */
  abstract Map<String, Long> rowsByTenant(boolean expired) throws SQLException;

  @BeforeEach
  @Override
  protected void openDatabase() {
    super.openDatabase();
    for (String tenant : TENANTS) {
      prepare(tenant);
      long before = idsBefore(tenant);
      Jpa.inTransaction(emf, Map.of(property, tenant), em -> {
        for (long n = 1; n <= EXPIRED + LIVE; n++) {
          em.persist(row.apply(before + n, n <= EXPIRED ? NOW.minus(Duration.ofMinutes(n))
              : NOW.plus(Duration.ofDays(n))));
        }
        return null;
      });
    }
  }

  @Test
  void withoutItsTenantsTheBuildFailsNamingTheFix() throws SQLException {
    RetentionConfigurationException refused = assertThrows(RetentionConfigurationException.class,
        () -> RetentionRuntime.builder(emf).clock(clock).build());

    String message = refused.getMessage();
    assertTrue(message.contains("The EntityManagerFactory is multi-tenant (EclipseLink's @Multitenant on " + pass
        + " (" + mapping + "), its tenant named by the property " + property + ")"), message);
    assertTrue(message.contains("tenants(() -> tenantIds)") && message.contains("sweepTenant(pass, tenant)")
        && message.contains("docs/concepts/multi-tenant.md"), message);
    assertFalse(message.contains("isRoot"), "Hibernate's root tenant is no way of EclipseLink's: " + message);
    assertEquals(rows(EXPIRED, EXPIRED, EXPIRED), rowsByTenant(true), "nothing was swept");
  }

  @Test
  void aSweepOfEveryTenantDeletesEachTenantsExpiredRowsAndKeepsEveryLiveRow() throws SQLException {
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> TENANTS).build()) {
      assertEquals(StatementShape.PORTABLE_JPQL, retention.settings(pass).statementShape());

      SweepReport round = retention.sweepAll().get(0);

      assertTrue(round.succeeded(), round::toString);
      assertEquals(3L * EXPIRED, round.deleted(), round::toString);
      assertFalse(round.workRemains(), round::toString);
    }
    assertEquals(rows(0, 0, 0), rowsByTenant(true));
    assertEquals(rows(LIVE, LIVE, LIVE), rowsByTenant(false));
    assertEquals(TENANTS, tenantsOf(listener.sweeps));
    listener.sweeps.forEach(report -> assertEquals(EXPIRED, report.deleted(), report::toString));
  }

  @Test
  void backgroundSweepsDrainEveryTenant() throws Exception {
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .defaults(RetentionOptions.empty().withMaxStartupStagger(Duration.ZERO))
        .tenants(() -> TENANTS).build().start()) {
      // The first round, a sweep of each tenant; the clock stands still, so the next is an interval away.
      listener.awaitSweeps(3);
    }
    assertEquals(rows(0, 0, 0), rowsByTenant(true));
    assertEquals(rows(LIVE, LIVE, LIVE), rowsByTenant(false));
    assertEquals(TENANTS, tenantsOf(listener.sweeps.subList(0, 3)));
  }

  /** At a tenant's sign-in: that tenant's expired rows go, and no other tenant's. */
  @Test
  void aSweepOfOneTenantDeletesOnlyItsRows() throws SQLException {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).tenants(() -> TENANTS).build()) {
      SweepReport t2 = retention.sweepTenant(pass, "t2");

      assertTrue(t2.succeeded(), t2::toString);
      assertEquals(EXPIRED, t2.deleted(), t2::toString);
      assertTrue(t2.toString().startsWith(pass + " [tenant t2]: deleted " + EXPIRED), t2::toString);
    }
    assertEquals(rows(EXPIRED, 0, EXPIRED), rowsByTenant(true));
    assertEquals(rows(LIVE, LIVE, LIVE), rowsByTenant(false));
  }

  @Test
  void theStartLineSaysTheTenantsAreSweptOneByOneThroughTheMappingsProperty() {
    String line = StartLine.of(RetentionRuntime.builder(emf).clock(clock).tenants(() -> TENANTS).build());

    assertTrue(line.contains("tenant by tenant (EclipseLink's @Multitenant on " + pass + " (" + mapping + "), its"
        + " tenant named by the property " + property + "; the tenants listed by tenants(...) each round, each in"
        + " sessions opened for it; the portable JPQL"), line);
    assertTrue(line.contains(pass + ": expires at its attribute") && line.contains(", a look per tenant ("), line);
  }

  static List<String> tenantsOf(List<SweepReport> reports) {
    return reports.stream().map(report -> report.tenant().orElse("none")).collect(Collectors.toList());
  }

  static Map<String, Long> rows(long t1, long t2, long t3) {
    return Map.of("t1", t1, "t2", t2, "t3", t3);
  }
}
