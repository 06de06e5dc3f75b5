package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a scoped sweep costs follows the work, not the number of scopes: a sweep over 1,000 tenants with nothing expired
 * is one statement and reports no work left; with expired rows in ten of them under three windows, the tenants that
 * share a window share a batch, and on PostgreSQL, which compares the tenants exactly, a window's batch is one
 * statement. Counted as the statements the provider sends (Hibernate's statement inspector; the sweep lock's and the
 * session's settings go around it), windows from configuration and from code.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class ScopeCostTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
  static final String NOTIFICATIONS = TenantNotification.class.getName();
  static final int TENANTS = 1_000;

  private final AtomicInteger statements = new AtomicInteger();

  ScopeCostTest(TestDatabase.Kind kind) {
    super(kind, NOW, TenantNotification.class);
  }

  @Override
  protected Map<String, ?> properties() {
    org.hibernate.resource.jdbc.spi.StatementInspector counting = sql -> {
      statements.incrementAndGet();
      return sql;
    };
    return Map.of("hibernate.session_factory.statement_inspector", counting);
  }

  /** Two rows a tenant, 1 and 20 days old: within the 30 days of the pass, and of the 60 of every tenth tenant. */
  private void persistTenants(int expiredTenants) {
    List<TenantNotification> rows = new ArrayList<>();
    long id = 1;
    for (int tenant = 0; tenant < TENANTS; tenant++) {
      rows.add(new TenantNotification(id++, tenant(tenant), NOW.minus(Duration.ofDays(1))));
      rows.add(new TenantNotification(id++, tenant(tenant), NOW.minus(Duration.ofDays(20))));
      if (tenant < expiredTenants) {
        rows.add(new TenantNotification(id++, tenant(tenant), NOW.minus(Duration.ofDays(90))));
      }
    }
    Jpa.persistAll(emf, rows);
  }

  private static String tenant(int number) {
    return String.format("tenant-%04d", number);
  }

  private RetentionRuntime runtime() {
    Map<String, String> configuration = new HashMap<>();
    for (int tenant = 0; tenant < TENANTS; tenant += 10) {
      configuration.put("retention." + NOTIFICATIONS + ".scope." + tenant(tenant) + ".retention", "60d");
    }
    return RetentionRuntime.builder(emf).clock(clock).configuration(configuration)
        .scopeWindows(NOTIFICATIONS, scope -> ((String) scope).endsWith("5") ? Optional.of(Duration.ofDays(45))
            : Optional.empty())
        .build();
  }

  @Test
  void anIdleSweepOverAThousandTenantsIsAFewStatementsAndLeavesNoWork() {
    persistTenants(0);

    try (RetentionRuntime retention = runtime()) {
      statements.set(0);
      SweepReport report = retention.sweep(NOTIFICATIONS);

      assertTrue(report.succeeded(), report::toString);
      assertEquals(0, report.deleted());
      assertFalse(report.workRemains(), "nothing is expired: " + report);
      assertEquals(0, report.batches(), report::toString);
      // One grouped read of the scopes with rows expired at the shortest window (windows from code: any row dated
      // before now), which finds none expired under its own window.
      assertEquals(1, statements.get(), "statements for an idle sweep of " + TENANTS + " tenants");
    }
  }

  /**
   * Windows from code alone: the runtime cannot know the shortest, so the grouped read finds every tenant (each has rows
   * dated before now), and the code is asked each tenant's window once a sweep: 25 days for every tenth, the pass's 30
   * for the others, none of which expires a row.
   */
  @Test
  void anIdleSweepWithWindowsFromCodeAloneIsOneStatementAndAsksEachTenantOnce() {
    persistTenants(0);
    Map<Object, Integer> asked = new ConcurrentHashMap<>();

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
        .scopeWindows(NOTIFICATIONS, scope -> {
          asked.merge(scope, 1, Integer::sum);
          return ((String) scope).endsWith("5") ? Optional.of(Duration.ofDays(25)) : Optional.empty();
        })
        .build()) {
      for (int sweep = 1; sweep <= 2; sweep++) {
        statements.set(0);
        SweepReport report = retention.sweep(NOTIFICATIONS);

        assertTrue(report.succeeded(), report::toString);
        assertEquals(0, report.deleted());
        assertFalse(report.workRemains(), "nothing is expired: " + report);
        assertEquals(0, report.batches(), report::toString);
        assertEquals(1, statements.get(), "statements for idle sweep " + sweep + " of " + TENANTS + " tenants");
        int times = sweep;
        assertEquals(TENANTS, asked.size(), "tenants asked");
        assertTrue(asked.values().stream().allMatch(n -> n == times), "each tenant asked once a sweep: " + asked);
      }
    }
  }

  /**
   * Windows from code declared at least 25 days ({@code ScopeWindows.atLeast}): the grouped read takes only the rows
   * older than 25 days, so the code is asked about the ten tenants with a row 90 days old and no other (every other row
   * is 1 or 20 days old), and the idle sweep after them asks about none.
   */
  @Test
  void windowsFromCodeDeclaredAtLeast25DaysAreAskedOnlyAboutTheTenantsWithOlderRows() {
    persistTenants(10);
    Map<Object, Integer> asked = new ConcurrentHashMap<>();

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
        .scopeWindows(NOTIFICATIONS, ScopeWindows.atLeast(Duration.ofDays(25), scope -> {
          asked.merge(scope, 1, Integer::sum);
          return ((String) scope).endsWith("5") ? Optional.of(Duration.ofDays(45)) : Optional.empty();
        }))
        .build()) {
      SweepReport drain = retention.sweep(NOTIFICATIONS);
      assertTrue(drain.succeeded(), drain::toString);
      assertEquals(10, drain.deleted(), drain::toString);
      assertEquals(IntStream.range(0, 10).mapToObj(ScopeCostTest::tenant).collect(Collectors.toSet()),
          asked.keySet(), "tenants asked");

      asked.clear();
      statements.set(0);
      SweepReport idle = retention.sweep(NOTIFICATIONS);

      assertTrue(idle.succeeded(), idle::toString);
      assertEquals(0, idle.deleted());
      assertFalse(idle.workRemains(), idle::toString);
      assertEquals(1, statements.get(), "the grouped read alone");
      assertEquals(Map.of(), asked, "no tenant has a row older than 25 days left");
    }
  }

  /**
   * Tenants 0 to 9 have a row 90 days old: tenant 0 has 60 days from configuration, tenant 5 has 45 from code, the
   * eight others the pass's 30, and share a batch.
   */
  @Test
  void onlyTheTenantsWithExpiredRowsGetBatchesOneForEachWindow() {
    persistTenants(10);

    try (RetentionRuntime retention = runtime()) {
      statements.set(0);
      SweepReport report = retention.sweep(NOTIFICATIONS);

      assertTrue(report.succeeded(), report::toString);
      assertEquals(10, report.deleted(), report::toString);
      assertFalse(report.workRemains(), report::toString);
      assertEquals(3, report.batches(), "a batch for each window with expired rows: " + report);
      // The grouped read; then for each window, on PostgreSQL, whose default collation compares the tenants exactly,
      // the batch's one statement (the ctid delete; the first batches are below the range statement's size) and the
      // look for rows left after its short batch. Elsewhere the spellings stored for the window's tenants (windows
      // from code may outlast any, and a collation may take another spelling for one of them), the batch's select
      // and delete, and the look.
      int perWindow = kind == TestDatabase.Kind.POSTGRESQL ? 2 : 4;
      assertEquals(1 + 3 * perWindow, statements.get(), "statements for 10 tenants' rows of " + TENANTS);
    }
    long left = Jpa.inTransaction(emf, em -> em.createQuery("select count(n) from TenantNotification n", Long.class)
        .getSingleResult());
    assertEquals(2L * TENANTS, left, "the two rows of each tenant within its window");
  }
}
