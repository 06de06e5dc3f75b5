package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.scopes.AccountUpload;
import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.shapes.InstantRow;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.JpaProvider;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.Scope;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code @TtlScope}: an on-demand sweep of one scope touches that scope's rows only, within its bounds, never throwing
 * and never piling up; each scope has its window (configuration over code over the pass's), read at each sweep; a
 * whole sweep goes window by window, each scope by its own window (those that share one together) within a bounded
 * share, and resumes where it stopped.
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class ScopeTest {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String NOTIFICATIONS = TenantNotification.class.getName();
  static final String UPLOADS = AccountUpload.class.getName();
  static final String UNSCOPED = InstantRow.class.getName();
  /** How long the test waits for the other thread before it fails; it never sleeps. */
  static final long PATIENCE_SECONDS = 30;

  private final TestDatabase.Kind kind;
  private final TestClock clock = new TestClock(NOW);
  private TestDatabase database;
  private EntityManagerFactory emf;
  /**
   * Windows shortened, scope keys a collation may merge and refused calls, on purpose: the runtime warns of each, and
   * the tests assert what it said.
   */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("Retention windows? of .* shortened (to|for) ")
      .allow("Retention windows of .* for scopes .* a database collation may take these values as one")
      .allow("Retention could not sweep ")
      .allow("failed: ");

  ScopeTest(TestDatabase.Kind kind) {
    this.kind = kind;
  }

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, List.of(TenantNotification.class, AccountUpload.class, InstantRow.class));
    AccountUpload.REMOVED.clear();
  }

  @AfterEach
  void closeDatabase() throws Exception {
    if (database == null) {
      return; // skipped before it was created (-Dtest.databases)
    }
    if (emf != null) {
      emf.close();
    }
    database.close();
  }

  private RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC);
  }

  private static Instant daysAgo(int days) {
    return NOW.minus(Duration.ofDays(days));
  }

  /** {@code count} notifications of {@code tenant}, ids from {@code firstId}, all created at {@code createdAt}. */
  private void notifications(String tenant, long firstId, int count, Instant createdAt) {
    List<TenantNotification> rows = new ArrayList<>();
    for (long id = firstId; id < firstId + count; id++) {
      rows.add(new TenantNotification(id, tenant, createdAt));
    }
    Jpa.persistAll(emf, rows);
  }

  private Set<Long> notificationIds() {
    return Jpa.inTransaction(emf, em -> new TreeSet<>(
        em.createQuery("select n.id from TenantNotification n", Long.class).getResultList()));
  }

  /** The number of notifications of each tenant ("null" for none), sorted by tenant. */
  private Map<String, Long> countsByTenant() {
    Map<String, Long> counts = new TreeMap<>();
    Jpa.inTransaction(emf, em -> em.createQuery(
            "select n.tenantId, count(n) from TenantNotification n group by n.tenantId", Object[].class)
        .getResultList())
        .forEach(row -> counts.put(String.valueOf(row[0]), (Long) row[1]));
    return counts;
  }

  private Set<Long> uploadIds() {
    return Jpa.inTransaction(emf, em -> new TreeSet<>(
        em.createQuery("select u.id from AccountUpload u", Long.class).getResultList()));
  }

  /**
   * The statements of a scoped pass, each of which names the scopes swept: where Hibernate shapes statements for the
   * database, on PostgreSQL, whose default collation compares the tenants exactly, those of an unscoped pass (at the
   * defaults, the range statement for large batches and the ctid statement below); on MariaDB, whose collation takes
   * several spellings as one, the locked JPQL, which shows the batch's guard each row's scope before it deletes; the
   * portable JPQL elsewhere.
   */
  private String scopedShape() {
    if (JpaProvider.onClassPath() != JpaProvider.HIBERNATE) {
      return "portable JPQL";
    }
    return switch (kind) {
      case POSTGRESQL -> "range statement";
      case MARIADB -> "JPQL with SKIP LOCKED";
      case H2 -> "portable JPQL";
    };
  }

  private static void assertSucceeded(SweepReport report) {
    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
  }

  /**
   * Scope values a collation may treat as one value (MariaDB's default one ignores case and trailing spaces) take the
   * longest window among them, on every database, and {@code build()} warns of configured keys that may collide:
   * ACME (3,650 days) and acme (1 day) from configuration, Acme and "acme " with the pass's 30 days; every row is two
   * days old, so none goes, whichever of them is swept.
   */
  @Test
  void valuesOneToTheCollationTakeTheLongestWindowAmongThem() {
    notifications("ACME", 1, 2, daysAgo(2));
    notifications("acme", 11, 2, daysAgo(2));
    notifications("Acme", 21, 2, daysAgo(2));
    notifications("acme ", 31, 2, daysAgo(2));

    try (RetentionRuntime retention = runtime().configuration(Map.of(
        "retention." + NOTIFICATIONS + ".scope.ACME.retention", "3650d",
        "retention." + NOTIFICATIONS + ".scope.acme.retention", "1d")).build()) {
      assertTrue(warnings.messages().stream().anyMatch(warning -> warning.contains("scope.ACME")
          && warning.contains("scope.acme") && warning.contains("3650d")), warnings::toString);
      for (String tenant : new String[] {"acme", "Acme", "acme ", "ACME"}) {
        SweepReport report = retention.sweep(NOTIFICATIONS, tenant);
        assertSucceeded(report);
        assertEquals(0, report.deleted(), tenant);
      }
      retention.sweepAll().forEach(ScopeTest::assertSucceeded);
    }

    assertEquals(8, notificationIds().size(), "no row of any of them went");
  }

  /**
   * A value the database matches for another one (MariaDB pads with spaces: "" equals " ") brings its own window along:
   * the rows of " " (the pass's 30 days) stay when "" (1 day, from code) is swept; where the database tells them apart,
   * only the rows of "" go.
   */
  @Test
  void rowsMatchedForAnotherValueKeepTheirOwnLongerWindow() {
    notifications("", 1, 2, daysAgo(2));
    notifications(" ", 11, 2, daysAgo(2));

    try (RetentionRuntime retention = runtime()
        .scopeWindows(NOTIFICATIONS, tenant -> ((String) tenant).isEmpty()
            ? Optional.of(Duration.ofDays(1)) : Optional.empty())
        .build()) {
      SweepReport report = retention.sweep(NOTIFICATIONS, "");
      assertSucceeded(report);
      retention.sweepAll().forEach(ScopeTest::assertSucceeded);
    }

    assertEquals(kind == TestDatabase.Kind.MARIADB ? Set.of(1L, 2L, 11L, 12L) : Set.of(11L, 12L), notificationIds());
  }

  /**
   * The spellings the database stores for a scope decide its window even when no batch would select a row of the longer
   * one: globex (1 hour, from configuration) has rows two days old, Globex (the pass's 30 days) only rows ten minutes
   * old, not yet due at 1 hour. MariaDB takes them as one value, so globex's rows stay, on demand and in a whole sweep; where the database
   * tells them apart, globex's rows go by its own hour.
   */
  @Test
  void aScopeStoredInSeveralSpellingsGoesByTheLongestOfTheirWindowsEvenWhenOnlyOneHasExpiredRows() {
    notifications("globex", 1, 3, daysAgo(2));
    notifications("Globex", 11, 2, NOW.minus(Duration.ofMinutes(10)));

    try (RetentionRuntime retention = runtime()
        .configuration(Map.of("retention." + NOTIFICATIONS + ".scope.globex.retention", "1h")).build()) {
      SweepReport onDemand = retention.sweep(NOTIFICATIONS, "globex");
      assertSucceeded(onDemand);
      retention.sweepAll().forEach(ScopeTest::assertSucceeded);
    }

    assertEquals(kind == TestDatabase.Kind.MARIADB ? Set.of(1L, 2L, 3L, 11L, 12L) : Set.of(11L, 12L),
        notificationIds());
  }

  @Test
  void anOnDemandSweepDeletesOnlyTheExpiredRowsOfItsScope() {
    notifications("acme", 1, 3, daysAgo(31));
    notifications("acme", 11, 2, daysAgo(29));
    notifications("globex", 21, 2, daysAgo(31));
    notifications(null, 31, 2, daysAgo(31));

    try (RetentionRuntime retention = runtime().build()) {
      SweepReport report = retention.sweep(NOTIFICATIONS, "acme");

      assertSucceeded(report);
      assertEquals(3, report.deleted());
      assertEquals(Scope.of("acme"), report.scope());
      assertEquals(daysAgo(30), report.cutoff(), "the pass's window, acme having none of its own");
      assertFalse(report.workRemains());
      assertEquals(Set.of(11L, 12L, 21L, 22L, 31L, 32L), notificationIds(),
          "acme's live rows, the other tenant's and the rows without a tenant stay");
      assertEquals(scopedShape(), retention.settings(NOTIFICATIONS).statementShape().description(),
          "a scoped pass takes the database's statements, which name the scope swept");
    }
  }

  @Test
  void aLongScopeTakesItsValueAsTextAndKeepsTheConditionAndTheRemovalCallbacks() {
    Jpa.persistAll(emf, List.of(
        new AccountUpload(1, 42L, false, daysAgo(8)),
        new AccountUpload(2, 42L, true, daysAgo(8)),
        new AccountUpload(3, 42L, false, daysAgo(3)),
        new AccountUpload(4, 42L, false, daysAgo(1)),
        new AccountUpload(5, 7L, false, daysAgo(8)),
        new AccountUpload(6, null, false, daysAgo(8))));

    try (RetentionRuntime retention = runtime()
        .configuration(Map.of("retention." + UPLOADS + ".scope.42.retention", "2d")).build()) {
      assertEquals(List.of("Retention windows of " + UPLOADS + " shortened for scope 42 to 2d (compiled: 7d): rows the"
          + " compiled window keeps are deleted"), warnings.messages());

      SweepReport report = retention.sweep(UPLOADS, "42");

      assertSucceeded(report);
      assertEquals(Scope.of(42L), report.scope(), "the text converted to the attribute's type");
      assertEquals(daysAgo(2), report.cutoff(), "the window configured for \"42\" applies to 42");
      assertEquals(Set.of(1L, 3L), AccountUpload.REMOVED, "removed through the EntityManager");
      assertEquals(Set.of(2L, 4L, 5L, 6L), uploadIds(), "the pinned upload, the live one and other scopes stay");

      assertEquals(1, retention.sweep(UPLOADS, 7L).deleted(), "the attribute's own type works as well");
      assertEquals(1, retention.sweep(UPLOADS, null).deleted(), "null: the uploads without an account");
      assertEquals(Set.of(2L, 4L), uploadIds());
    }
  }

  @Test
  void anOnDemandSweepStopsAtMaxBatchesPerScope() {
    notifications("acme", 1, 25, daysAgo(31));
    notifications("globex", 101, 5, daysAgo(31));

    try (RetentionRuntime retention = runtime().configuration(Map.of(
        "retention." + NOTIFICATIONS + ".max-batches-per-scope", "2",
        "retention." + NOTIFICATIONS + ".batch-size", "10",
        "retention." + NOTIFICATIONS + ".scope-sweep-budget", "1m")).build()) {
      SweepReport first = retention.sweep(NOTIFICATIONS, "acme");

      assertSucceeded(first);
      assertEquals(20, first.deleted());
      assertEquals(2, first.batches());
      assertTrue(first.workRemains(), "five of acme's expired rows are left");
      assertEquals(Map.of("acme", 5L, "globex", 5L), countsByTenant());

      SweepReport second = retention.sweep(NOTIFICATIONS, "acme");
      assertEquals(5, second.deleted());
      assertFalse(second.workRemains());
      assertEquals(Map.of("globex", 5L), countsByTenant());
    }
  }

  @Test
  void aZeroScopeSweepBudgetRunsExactlyOneBatch() {
    notifications("acme", 1, 25, daysAgo(31));

    try (RetentionRuntime retention = runtime().options(NOTIFICATIONS, RetentionOptions.empty()
        .withBatchSize(10).withMaxBatchesPerScope(10).withScopeSweepBudget(Duration.ZERO)).build()) {
      SweepReport report = retention.sweep(NOTIFICATIONS, "acme");

      assertSucceeded(report);
      assertEquals(1, report.batches());
      assertEquals(10, report.deleted());
      assertTrue(report.workRemains());
    }
  }

  @Test
  void anOnDemandSweepNeverThrowsItReportsTheFailure() {
    Jpa.persistAll(emf, List.of(new AccountUpload(1, 42L, false, daysAgo(8))));
    notifications("acme", 1, 2, daysAgo(31));
    RetentionRuntime retention = runtime()
        .beforeDelete(NOTIFICATIONS, (em, ids) -> {
          throw new IllegalStateException("archive unavailable");
        })
        .build();
    try {
      assertFailure(retention.sweep(UPLOADS, "abc"), UPLOADS,
          "scope value \"abc\" (String) is no value of its scope attribute accountId, a Long");
      assertFailure(retention.sweep("com.example.NoSuchEntity", "acme"), "com.example.NoSuchEntity",
          "No pass named com.example.NoSuchEntity");
      assertFailure(retention.sweep(UNSCOPED, "acme"), UNSCOPED,
          "Pass " + UNSCOPED + " has no @TtlScope attribute, so it has no scopes");
      assertFailure(retention.sweep(UPLOADS, 42), UPLOADS, "scope value \"42\" (Integer) is no value");
      SweepReport failedBatch = retention.sweep(NOTIFICATIONS, "acme");
      assertFalse(failedBatch.succeeded(), "the hook's failure rolls the batch back");
      assertTrue(failedBatch.failure().orElseThrow().getMessage().contains("archive unavailable"),
          () -> failedBatch.failure().orElseThrow().getMessage());
      assertEquals(2, Jpa.count(emf, TenantNotification.class));
    } finally {
      retention.close();
    }
    SweepReport closed = retention.sweep(UPLOADS, "42");
    assertFailure(closed, UPLOADS, "This RetentionRuntime is closed");
    assertInstanceOf(IllegalStateException.class, closed.failure().orElseThrow().getCause());
    assertEquals(Set.of(1L), uploadIds(), "no failed call deleted anything");
    assertEquals(5,
        warnings.messages().stream().filter(line -> line.startsWith("Retention could not sweep ")).count(),
        () -> "each refused call is logged once: " + warnings);
  }

  private static void assertFailure(SweepReport report, String pass, String expected) {
    assertEquals(pass, report.pass());
    assertEquals(0, report.deleted());
    assertEquals(0, report.batches());
    Throwable failure = report.failure().orElseThrow(() -> new AssertionError("expected a failure: " + report));
    assertTrue(failure.getMessage().contains(expected), failure::getMessage);
  }

  /**
   * A second call for a scope being swept comes back at once, and another scope is not held back. The first sweep is
   * held where it looks up its scope's window, after it took its scope and before its first statement, so it holds no
   * lock that the other scope's statements could meet.
   */
  @Test
  void concurrentCallsForOneScopeDoNotPileUp() throws Exception {
    notifications("acme", 1, 5, daysAgo(31));
    notifications("globex", 101, 3, daysAgo(31));
    CountDownLatch inBatch = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean holdNextLookup = new AtomicBoolean(true);
    ScopeWindows holdFirstSweep = tenant -> {
      if ("acme".equals(tenant) && holdNextLookup.getAndSet(false)) {
        inBatch.countDown();
        try {
          if (!release.await(PATIENCE_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the test never released the first sweep");
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return Optional.empty();
    };
    ExecutorService caller = Executors.newSingleThreadExecutor();
    try (RetentionRuntime retention = runtime().scopeWindows(NOTIFICATIONS, holdFirstSweep).build()) {
      Future<SweepReport> first = caller.submit(() -> retention.sweep(NOTIFICATIONS, "acme"));
      assertTrue(inBatch.await(PATIENCE_SECONDS, TimeUnit.SECONDS), "the first sweep took its scope");

      SweepReport second = retention.sweep(NOTIFICATIONS, "acme");
      SweepReport otherTenant = retention.sweep(NOTIFICATIONS, "globex");
      release.countDown();
      SweepReport firstReport = first.get(PATIENCE_SECONDS, TimeUnit.SECONDS);

      assertSucceeded(second);
      assertEquals(0, second.batches(), "it came back at once, without a batch");
      assertEquals(0, second.deleted());
      assertTrue(second.workRemains(), "the scope's rows are still being swept");
      assertEquals(Scope.of("acme"), second.scope());
      assertEquals(3, otherTenant.deleted(), "another scope is not held back");
      assertSucceeded(firstReport);
      assertEquals(5, firstReport.deleted());
      assertEquals(Map.of(), countsByTenant());
    } finally {
      release.countDown();
      caller.shutdownNow();
    }
  }

  /**
   * Rows of each tenant 1, 3, 6, 29 and 31 days old, ids {@code tenant * 10 + age index}: acme (1x), globex (2x),
   * initech (3x), hooli (4x) and no tenant (5x).
   */
  private void tenantsOfEveryAge() {
    String[] tenants = {"acme", "globex", "initech", "hooli", null};
    int[] ages = {1, 3, 6, 29, 31};
    for (int tenant = 0; tenant < tenants.length; tenant++) {
      for (int age = 0; age < ages.length; age++) {
        notifications(tenants[tenant], (tenant + 1) * 10 + age, 1, daysAgo(ages[age]));
      }
    }
  }

  /**
   * What {@link #tenantsOfEveryAge()} keeps with acme at 2 days (configuration, over code's 10), globex at 5 (code),
   * initech and hooli at the pass's 30 (code answers nothing, or nothing is known of them), rows without a tenant too.
   */
  static final Set<Long> KEPT_BY_SCOPE_WINDOWS = Set.of(10L, 20L, 21L, 30L, 31L, 32L, 33L, 40L, 41L, 42L, 43L,
      50L, 51L, 52L, 53L);

  private RetentionRuntime.Builder withScopeWindows() {
    return runtime()
        .configuration(Map.of("retention." + NOTIFICATIONS + ".scope.acme.retention", "2d"))
        .scopeWindows(NOTIFICATIONS, tenant -> switch ((String) tenant) {
          case "acme" -> Optional.of(Duration.ofDays(10));
          case "globex" -> Optional.of(Duration.ofDays(5));
          case "initech" -> Optional.empty();
          default -> null;
        });
  }

  @Test
  void onDemandSweepsUseEachScopesWindowConfigurationOverCodeOverThePass() {
    tenantsOfEveryAge();

    try (RetentionRuntime retention = withScopeWindows().build()) {
      Map<String, Instant> cutoffs = new TreeMap<>();
      for (String tenant : new String[] {"acme", "globex", "initech", "hooli", null}) {
        SweepReport report = retention.sweep(NOTIFICATIONS, tenant);
        assertSucceeded(report);
        cutoffs.put(String.valueOf(tenant), report.cutoff());
      }

      assertEquals(Map.of("acme", daysAgo(2), "globex", daysAgo(5), "initech", daysAgo(30), "hooli", daysAgo(30),
          "null", daysAgo(30)), cutoffs);
      assertEquals(KEPT_BY_SCOPE_WINDOWS, notificationIds());
    }
  }

  @Test
  void aWholeSweepGoesScopeByScopeEachWithItsWindowAndTheRowsWithoutAScopeWithThePasss() {
    tenantsOfEveryAge();

    try (RetentionRuntime retention = withScopeWindows().build()) {
      SweepReport report = retention.sweep(NOTIFICATIONS);

      assertSucceeded(report);
      assertEquals(Scope.all(), report.scope());
      assertEquals(daysAgo(30), report.cutoff(), "a whole sweep reports the pass's cutoff");
      assertEquals(10, report.deleted());
      assertFalse(report.workRemains());
      assertEquals(KEPT_BY_SCOPE_WINDOWS, notificationIds());
    }
  }

  @Test
  void aDryRunCountsByEachScopesWindowAndDeletesNothing() {
    tenantsOfEveryAge();

    try (RetentionRuntime retention = withScopeWindows()
        .defaults(RetentionOptions.empty().withDryRun(true)).build()) {
      SweepReport whole = retention.sweep(NOTIFICATIONS);
      SweepReport acme = retention.sweep(NOTIFICATIONS, "acme");
      SweepReport globex = retention.sweep(NOTIFICATIONS, "globex");

      assertTrue(whole.dryRun());
      assertEquals(10, whole.deleted(), "would be deleted");
      assertEquals(4, acme.deleted(), "acme's rows older than 2 days");
      assertEquals(3, globex.deleted(), "globex's rows older than 5 days");
      assertEquals(25, Jpa.count(emf, TenantNotification.class));
    }
  }

  @Test
  void theWindowsGivenInCodeAreReadAtEachSweep() {
    tenantsOfEveryAge();
    AtomicReference<Duration> globexWindow = new AtomicReference<>(Duration.ofDays(20));

    try (RetentionRuntime retention = runtime()
        .scopeWindows(NOTIFICATIONS, tenant -> Optional.of(globexWindow.get())).build()) {
      assertEquals(2, retention.sweep(NOTIFICATIONS, "globex").deleted(), "the 29 and 31 days old rows");

      globexWindow.set(Duration.ofDays(5));
      SweepReport report = retention.sweep(NOTIFICATIONS, "globex");

      assertEquals(NOW, clock.instant(), "the clock did not move");
      assertEquals(daysAgo(5), report.cutoff());
      assertEquals(1, report.deleted(), "the 6 days old row, by the window changed in between");
    }
  }

  @Test
  void aWindowThatFailsForOneScopeKeepsItsRowsAndTheOthersAreSwept() {
    tenantsOfEveryAge();

    try (RetentionRuntime retention = runtime().scopeWindows(NOTIFICATIONS, tenant -> {
      if (tenant.equals("globex")) {
        throw new IllegalStateException("tenant settings unavailable");
      }
      return Optional.of(Duration.ofDays(2));
    }).build()) {
      SweepReport whole = retention.sweep(NOTIFICATIONS);
      SweepReport onDemand = retention.sweep(NOTIFICATIONS, "globex");

      Throwable failure = whole.failure().orElseThrow();
      assertTrue(failure.getMessage().contains(NOTIFICATIONS) && failure.getMessage().contains("scope globex"),
          failure::getMessage);
      assertEquals("tenant settings unavailable", failure.getCause().getCause().getMessage());
      assertEquals(4 + 4 + 4 + 1, whole.deleted(), "acme, initech and hooli at 2 days, no tenant at 30");
      assertEquals(0, onDemand.deleted());
      assertTrue(onDemand.failure().orElseThrow().getMessage().contains("scope globex"));
      assertEquals(Map.of("acme", 1L, "globex", 5L, "hooli", 1L, "initech", 1L, "null", 4L), countsByTenant());
    }
  }

  /**
   * Windows from code that throw an {@code Error} for one tenant (an {@code AssertionError}, a settings class that
   * failed to load): only that tenant's sweep fails, the others are swept, and {@code sweep(pass, tenant)}, which never
   * throws, reports it. Only a {@code RuntimeException} was caught: the Error stopped the whole pass's sweep, every
   * tenant's rows with it, and reached the caller of the on-demand sweep.
   */
  @Test
  void aWindowThatThrowsAnErrorForOneScopeFailsThatScopeOnlyAndNeverReachesTheCaller() {
    tenantsOfEveryAge();

    try (RetentionRuntime retention = runtime().scopeWindows(NOTIFICATIONS, tenant -> {
      if (tenant.equals("globex")) {
        throw new AssertionError("globex's settings are corrupt");
      }
      if (tenant.equals("initech")) {
        throw new NoClassDefFoundError("com/acme/TenantSettings");
      }
      return Optional.of(Duration.ofDays(2));
    }).build()) {
      SweepReport whole = retention.sweep(NOTIFICATIONS);
      SweepReport globex = retention.sweep(NOTIFICATIONS, "globex");
      SweepReport initech = retention.sweep(NOTIFICATIONS, "initech");

      assertEquals(4 + 4 + 1, whole.deleted(), "acme and hooli at 2 days, no tenant at 30");
      Throwable failure = whole.failure().orElseThrow();
      assertTrue(failure.getMessage().contains("scope globex") || failure.getMessage().contains("scope initech"),
          failure::getMessage);
      assertEquals(Map.of("acme", 1L, "globex", 5L, "hooli", 1L, "initech", 5L, "null", 4L), countsByTenant());
      assertInstanceOf(AssertionError.class, globex.failure().orElseThrow().getCause().getCause());
      assertTrue(globex.failure().orElseThrow().getMessage().contains("scope globex"), globex::toString);
      assertInstanceOf(NoClassDefFoundError.class, initech.failure().orElseThrow().getCause().getCause());
      assertEquals(0, globex.deleted() + initech.deleted());
    }
  }

  /**
   * Windows from code declared at least 5 days ({@code ScopeWindows.atLeast}): the sweep's first read takes the rows
   * older than 5 days, acme, initech and hooli go by their 10 days, the rows without a tenant by the pass's 30, and
   * globex, whose code answers 2 days against its declaration, keeps its rows and its failure names it.
   */
  @Test
  void aWindowFromCodeShorterThanItsDeclaredShortestKeepsThatScopesRows() {
    tenantsOfEveryAge();

    ScopeWindows atLeast5Days = ScopeWindows.atLeast(Duration.ofDays(5),
        tenant -> Optional.of(Duration.ofDays(tenant.equals("globex") ? 2 : 10)));
    String line = StartLine.of(runtime().scopeWindows(NOTIFICATIONS, atLeast5Days).build());
    assertTrue(line.contains("0 scope windows from configuration, the others from code, at least 5d)"), line);

    try (RetentionRuntime retention = runtime().scopeWindows(NOTIFICATIONS, atLeast5Days).build()) {
      SweepReport whole = retention.sweep(NOTIFICATIONS);

      Throwable failure = whole.failure().orElseThrow();
      assertTrue(failure.getMessage().contains("scope globex"), failure::getMessage);
      assertTrue(failure.getCause().getMessage().contains("answered 2d for tenantId = globex, shorter than the 5d they"
          + " declare (ScopeWindows.atLeast); none of its rows is deleted"), () -> String.valueOf(failure.getCause()));
      assertEquals(2 + 2 + 2 + 1, whole.deleted(), "acme, initech and hooli at 10 days, no tenant at 30");
      assertEquals(Map.of("acme", 3L, "globex", 5L, "hooli", 3L, "initech", 3L, "null", 4L), countsByTenant());
    }
  }

  @Test
  void aDeclaredShortestWindowBeyondTheUpperBoundOrNullFailsTheBuild() {
    RetentionConfigurationException error = assertThrows(RetentionConfigurationException.class, () -> runtime()
        .scopeWindows(NOTIFICATIONS, ScopeWindows.atLeast(Duration.ofDays(400_000), tenant -> Optional.empty()))
        .build());

    assertEquals(List.of("scopeWindows(\"" + NOTIFICATIONS + "\", ...) in code: the shortest window it declares,"
        + " 400000d, is out of range (0 to 2147483647s, or ScopeWindows.NEVER)"), error.problems());

    ScopeWindows withoutShortest = new ScopeWindows() {
      @Override
      public Optional<Duration> windowOf(Object scope) {
        return Optional.empty();
      }

      @Override
      public Duration shortest() {
        return null;
      }
    };
    RetentionConfigurationException nullShortest = assertThrows(RetentionConfigurationException.class, () -> runtime()
        .scopeWindows(NOTIFICATIONS, withoutShortest).build());
    assertEquals(List.of("scopeWindows(\"" + NOTIFICATIONS + "\", ...) in code: its shortest() is null; return"
        + " Duration.ZERO where no shortest window is known"), nullShortest.problems());
  }

  @Test
  void oneLargeScopeCannotStarveTheOthers() {
    notifications("acme", 1, 60, daysAgo(31));
    notifications("acme", 100, 1, daysAgo(1));
    for (int small = 1; small <= 4; small++) {
      notifications("small-" + small, small * 1000L, 2, daysAgo(31));
      notifications("small-" + small, small * 1000L + 100, 1, daysAgo(1));
    }

    try (RetentionRuntime retention = runtime().options(NOTIFICATIONS, RetentionOptions.empty()
        .withMaxBatchesPerScope(1).withBatchSize(3)).build()) {
      SweepReport report = retention.sweep(NOTIFICATIONS);

      assertSucceeded(report);
      assertEquals(3 + 4 * 2, report.deleted());
      assertTrue(report.workRemains(), "acme has rows left for later sweeps");
      assertEquals(Map.of("acme", 58L, "small-1", 1L, "small-2", 1L, "small-3", 1L, "small-4", 1L),
          countsByTenant(), "every small tenant was swept in the first sweep");

      int sweeps = 1;
      while (retention.sweep(NOTIFICATIONS).workRemains()) {
        sweeps++;
        assertTrue(sweeps < 100, "the backlog drains");
      }
      assertEquals(Map.of("acme", 1L, "small-1", 1L, "small-2", 1L, "small-3", 1L, "small-4", 1L), countsByTenant());
    }
  }

  @Test
  void aSweepThatReachesItsBoundResumesAtTheScopeItStoppedIn() {
    for (int tenant = 1; tenant <= 5; tenant++) {
      notifications("t" + tenant, tenant * 10L, 3, daysAgo(31));
    }

    try (RetentionRuntime retention = runtime().options(NOTIFICATIONS, RetentionOptions.empty()
        .withMaxBatchesPerSweep(2).withMaxBatchesPerScope(1).withBatchSize(2)).build()) {
      SweepReport first = retention.sweep(NOTIFICATIONS);
      assertEquals(4, first.deleted());
      assertTrue(first.workRemains());
      assertEquals(Map.of("t1", 1L, "t2", 1L, "t3", 3L, "t4", 3L, "t5", 3L), countsByTenant());

      retention.sweep(NOTIFICATIONS);
      assertEquals(Map.of("t1", 1L, "t2", 1L, "t3", 1L, "t4", 1L, "t5", 3L), countsByTenant(),
          "the second sweep began at t3, where the first stopped");

      retention.sweep(NOTIFICATIONS);
      assertEquals(Map.of("t1", 1L, "t2", 1L, "t3", 1L, "t4", 1L, "t5", 1L), countsByTenant(),
          "the third at t5, then the rows without a tenant, then back to the first");

      retention.sweep(NOTIFICATIONS);
      assertEquals(Map.of("t3", 1L, "t4", 1L, "t5", 1L), countsByTenant());
    }
  }

  /**
   * A sweep that resumes past the first scopes and ends the round sweeps only the scopes after them: when one of those
   * was left with rows as its share ran out, the report still says work remains, so that the pass is swept again soon
   * rather than after its interval.
   */
  @Test
  void aSweepEndingARoundItBeganMidwaySaysWorkRemainsForTheScopesBeforeIt() {
    notifications("t1", 10, 3, daysAgo(31));
    notifications("t2", 20, 3, daysAgo(31));
    notifications("t3", 30, 1, daysAgo(31));
    notifications(null, 40, 1, daysAgo(31));

    try (RetentionRuntime retention = runtime().options(NOTIFICATIONS, RetentionOptions.empty()
        .withMaxBatchesPerSweep(3).withMaxBatchesPerScope(1).withBatchSize(2)).build()) {
      assertTrue(retention.sweep(NOTIFICATIONS).workRemains(), "it stopped before the rows without a tenant");
      assertEquals(Map.of("t1", 1L, "t2", 1L, "null", 1L), countsByTenant());

      SweepReport endOfRound = retention.sweep(NOTIFICATIONS);
      assertEquals(1, endOfRound.deleted(), "it swept the rows without a tenant alone");
      assertTrue(endOfRound.workRemains(), "t1 and t2 still have a row each from the first sweep");

      SweepReport nextRound = retention.sweep(NOTIFICATIONS);
      assertEquals(2, nextRound.deleted(), "a new round, from t1");
      assertFalse(nextRound.workRemains(), "no scope of this round was left with rows");
      assertEquals(Map.of(), countsByTenant());
    }
  }

  @Test
  void theEmptyValueIsAScopeOfItsOwnWithAWindowFromTheKeyWithNothingBetweenTheDots() {
    notifications("", 1, 2, daysAgo(3));
    notifications("", 3, 1, daysAgo(1));
    notifications(null, 11, 1, daysAgo(3));
    notifications("acme", 21, 1, daysAgo(3));

    try (RetentionRuntime retention = runtime()
        .configuration(Map.of("retention." + NOTIFICATIONS + ".scope..retention", "2d")).build()) {
      SweepReport empty = retention.sweep(NOTIFICATIONS, "");
      assertSucceeded(empty);
      assertEquals(daysAgo(2), empty.cutoff());
      assertEquals(Set.of(3L, 11L, 21L), notificationIds(), "the rows without a scope are not the empty value's");

      notifications("", 4, 1, daysAgo(3));
      assertSucceeded(retention.sweep(NOTIFICATIONS));
      assertEquals(Set.of(3L, 11L, 21L), notificationIds(), "a whole sweep gives the empty value its window too");
    }
  }

  @Test
  void theStartLineSaysThePassGoesWindowByWindow() {
    String line = StartLine.of(withScopeWindows().build());

    assertTrue(line.contains(NOTIFICATIONS + ": retention 30d, every 1h, first sweep in "), line);
    assertTrue(line.matches("(?s).*first sweep in [0-9]+(ms|s)? \\(within max-startup-stagger 1m\\).*"), line);
    assertTrue(line.contains(", window by window of tenantId (scopes that share a window together; at most 10 batches"
        + " a group per sweep; 1 scope window from configuration, the others from code), " + scopedShape()), line);
    if (JpaProvider.onClassPath() == JpaProvider.HIBERNATE && kind == TestDatabase.Kind.POSTGRESQL) {
      assertTrue(line.contains("range statement for batches of 2,000 rows or more (PostgreSQL ctid below, for ties,"
          + " and after a lock timeout)"), line);
      assertFalse(line.contains("scope before it deletes"), line);
    }
  }

  @Test
  void aScopeWindowForAPassWithoutAScopeFailsTheBuild() {
    RetentionConfigurationException error = assertThrows(RetentionConfigurationException.class, () -> runtime()
        .configuration(Map.of("retention." + UNSCOPED + ".scope.acme.retention", "2d")).build());

    assertEquals(List.of("retention." + UNSCOPED + ".scope.acme.retention: pass " + UNSCOPED + " has no @TtlScope"
        + " attribute, so it has no scopes. Mark the attribute that splits its rows (a tenant id) with @TtlScope, or"
        + " remove the windows of scopes"), error.problems());
  }

  @Test
  void aScopeWindowForAValueTheScopeCannotHaveFailsTheBuild() {
    RetentionConfigurationException error = assertThrows(RetentionConfigurationException.class, () -> runtime()
        .configuration(Map.of("retention." + UPLOADS + ".scope.abc.retention", "2d")).build());

    assertEquals(List.of("retention." + UPLOADS + ".scope.abc.retention: \"abc\" is no value of the scope attribute"
        + " accountId, a Long"), error.problems());
  }
}
