package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.scopes.DeviceReading;
import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.scopes.TenantNotifications;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * How PostgreSQL compares a scope column decides a scoped pass's statements, read from its catalog at {@code build()}.
 * Text under the default (deterministic) collation, integers and UUIDs compare exactly: the pass takes the statements
 * an unscoped pass takes (the range statement, the ctid statement), which delete without showing the batch's guard
 * their rows' scopes. A nondeterministic collation (ICU's case-insensitive {@code und-u-ks-level2}) takes {@code ACME}
 * for {@code acme}, and {@code char(n)} ignores trailing spaces: there the pass keeps the locked JPQL, whose batches see
 * each row's scope before they delete, the start line says why, and values the collation merges still take the
 * longest window among those stored (MergedScopeWindowsTest's cases, on such a column).
 */
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = "POSTGRESQL")
class ScopeColumnComparisonTest extends DatabaseSuite {

  private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  private static final String NOTIFICATIONS = TenantNotification.class.getName();
  private static final String READINGS = DeviceReading.class.getName();

  /** Windows shortened and scope keys a collation may merge, on purpose; the runtime warns of them. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("Retention windows? of .* shortened (to|for) ")
      .allow("Retention windows of .* for scopes .* a database collation may take these values as one");

  ScopeColumnComparisonTest(TestDatabase.Kind kind) {
    super(kind, NOW, TenantNotification.class, DeviceReading.class);
  }

  @Test
  void textUnderTheDefaultCollationAndAUuidTakeTheStatementsOfAnUnscopedPass() {
    try (RetentionRuntime sized = runtime().build();
        RetentionRuntime small = runtime().defaults(RetentionOptions.empty().withBatchSize(500)).build()) {
      assertEquals(StatementShape.RANGE_STATEMENT, sized.settings(NOTIFICATIONS).statementShape());
      assertEquals(StatementShape.RANGE_STATEMENT, sized.settings(READINGS).statementShape());
      assertEquals(StatementShape.POSTGRESQL_CTID, small.settings(NOTIFICATIONS).statementShape());
      assertEquals(StatementShape.POSTGRESQL_CTID, small.settings(READINGS).statementShape());
    }
  }

  @Test
  void aNondeterministicCollationKeepsTheLockedJpqlAndTheStartLineSaysWhy() throws SQLException {
    collateTenantsCaseInsensitively();

    try (RetentionRuntime small = runtime().defaults(RetentionOptions.empty().withBatchSize(500)).build()) {
      assertEquals(StatementShape.SKIP_LOCKED, small.settings(NOTIFICATIONS).statementShape());
      assertEquals(StatementShape.POSTGRESQL_CTID, small.settings(READINGS).statementShape(), "a UUID compares exactly");
    }
    RetentionRuntime sized = runtime().build();
    assertEquals(StatementShape.SKIP_LOCKED, sized.settings(NOTIFICATIONS).statementShape(), "not the range either");
    String line = StartLine.of(sized);
    assertTrue(line.contains("JPQL with SKIP LOCKED (not PostgreSQL ctid: the scope column tenant_id has the"
        + " nondeterministic collation ci, which may take values Java tells apart as one, so a batch must see each"
        + " row's scope before it deletes)"), line);
  }

  @Test
  void aCharColumnKeepsTheLockedJpqlAndTheStartLineSaysWhy() throws SQLException {
    execute("alter table tenant_notification alter column tenant_id type char(12)");

    RetentionRuntime retention = runtime().build();
    assertEquals(StatementShape.SKIP_LOCKED, retention.settings(NOTIFICATIONS).statementShape());
    String line = StartLine.of(retention);
    assertTrue(line.contains("(not PostgreSQL ctid: the scope column tenant_id is character(12), which compares"
        + " ignoring trailing spaces, so a batch must see each row's scope before it deletes)"), line);
  }

  /**
   * ACME 3,650 days and acme one day, both from code; ACME's rows are an hour old, acme's two days: under the
   * case-insensitive collation acme's rows are ACME's too and stay by its window, though no batch would select a row of
   * ACME with them, on demand and in a whole sweep. The spellings stored are read beside a hash of their bytes, as on
   * MariaDB: the collation's {@code DISTINCT} returns one of them.
   */
  @Test
  void valuesTheCollationMergesTakeTheLongestWindowEvenWhereNoBatchSelectsTheLongerOnesRows() throws SQLException {
    collateTenantsCaseInsensitively();
    write(List.of("ACME"), Duration.ofHours(1));
    write(List.of("acme"), Duration.ofDays(2));
    write(List.of("globex"), Duration.ofDays(2));

    try (RetentionRuntime retention = runtime()
        .scopeWindows(NOTIFICATIONS, tenant -> switch ((String) tenant) {
          case "ACME" -> Optional.of(Duration.ofDays(3_650));
          case "acme", "globex" -> Optional.of(Duration.ofDays(1));
          default -> Optional.empty();
        })
        .build()) {
      SweepReport onDemand = retention.sweep(NOTIFICATIONS, "acme");
      assertTrue(onDemand.succeeded(), onDemand::toString);
      assertEquals(0, onDemand.deleted(), onDemand::toString);
      SweepReport whole = retention.sweep(NOTIFICATIONS);
      assertTrue(whole.succeeded(), whole::toString);
      assertEquals(2, whole.deleted(), "globex's rows alone: " + whole);
    }
    assertEquals(Set.of(1L, 2L, 11L, 12L), ids(), "ACME's rows are 1 and 2, acme's 11 and 12, globex's 21 and 22");
  }

  /**
   * ACME 3,650 days from configuration, acme one day from configuration, Acme the compiled 30 days; every row two days
   * old: no row goes, whichever of them is swept, on demand or whole.
   */
  @Test
  void configuredValuesTheCollationMergesTakeTheLongestWindow() throws SQLException {
    collateTenantsCaseInsensitively();
    write(List.of("ACME", "acme", "Acme"), Duration.ofDays(2));

    try (RetentionRuntime retention = runtime()
        .configuration(Map.of(
            "retention." + NOTIFICATIONS + ".scope.ACME.retention", "3650d",
            "retention." + NOTIFICATIONS + ".scope.acme.retention", "1d"))
        .build()) {
      for (String tenant : List.of("acme", "Acme", "ACME")) {
        SweepReport report = retention.sweep(NOTIFICATIONS, tenant);
        assertTrue(report.succeeded(), report::toString);
        assertEquals(0, report.deleted(), tenant + ": " + report);
      }
      SweepReport whole = retention.sweep(NOTIFICATIONS);
      assertTrue(whole.succeeded(), whole::toString);
      assertEquals(0, whole.deleted(), whole::toString);
    }
    assertEquals(Set.of(1L, 2L, 11L, 12L, 21L, 22L), ids());
  }

  /**
   * Under the case-insensitive collation the sweep keeps acme's rows by ACME's 30 days (the longest window among the
   * spellings stored), configuration's day for acme notwithstanding; the application's policy says the same, in the
   * query of every row, in the query of acme's, and in Java.
   */
  @Test
  void thePolicyJudgesSpellingsTheCollationMergesByTheLongestWindowAmongThem() throws SQLException {
    collateTenantsCaseInsensitively();
    write(List.of("ACME", "acme", "globex"), Duration.ofDays(2));

    try (RetentionRuntime retention = runtime()
        .configuration(java.util.Map.of("retention." + NOTIFICATIONS + ".scope.acme.retention", "1d")).build()) {
      dev.retention.runtime.RetentionPolicy all = retention.policy(TenantNotification.class);
      dev.retention.runtime.RetentionPolicy acme = retention.policy(TenantNotification.class, "acme");
      Set<Long> live = Jpa.inTransaction(emf, em -> new TreeSet<>(all.bindLive(em.createQuery(
          "select n.id from TenantNotification n where " + all.liveJpql("n"), Long.class), "n").getResultList()));
      Set<Long> liveOfAcme = Jpa.inTransaction(emf, em -> new TreeSet<>(acme.bindLive(em.createQuery(
          "select n.id from TenantNotification n where " + acme.liveJpql("n"), Long.class), "n").getResultList()));
      List<dev.retention.runtime.Expiry> verdicts = Jpa.inTransaction(emf, em -> em.createQuery(
          "select n from TenantNotification n order by n.id", TenantNotification.class).getResultList().stream()
          .map(acme::expiryOf).toList());

      SweepReport report = retention.sweep(NOTIFICATIONS);
      assertTrue(report.succeeded(), report::toString);
      assertEquals(Set.of(1L, 2L, 11L, 12L, 21L, 22L), ids(), "the sweep keeps every row");
      assertEquals(ids(), live);
      assertEquals(Set.of(1L, 2L, 11L, 12L), liveOfAcme);
      assertEquals(java.util.Collections.nCopies(6, dev.retention.runtime.Expiry.LIVE), verdicts);
    }
  }

  private RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC);
  }

  /** A case-insensitive ICU collation, {@code ci}, for the tenant column; skipped where the server has no ICU. */
  private void collateTenantsCaseInsensitively() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet icu = statement.executeQuery("select 1 from pg_collation where collprovider = 'i' limit 1")) {
      Assumptions.assumeTrue(icu.next(), "this PostgreSQL server has no ICU collations");
    }
    execute("create collation ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false)");
    execute("alter table tenant_notification alter column tenant_id type varchar(255) collate ci");
  }

  private void execute(String sql) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  /** Two rows of each tenant, {@code age} old, numbered from 1, 11, 21, ... in the order given. */
  private void write(List<String> tenants, Duration age) {
    TenantNotifications.persistTwoEach(emf, tenants, NOW.minus(age));
  }

  private Set<Long> ids() {
    return new TreeSet<>(ids("select n.id from TenantNotification n"));
  }
}
