package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.scopes.TenantNotifications;
import dev.retention.it.support.DatabaseSuite;
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
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a native statement was chosen on at {@code build()} is read again before each sweep: a migration run without a
 * restart (the scope column given a nondeterministic collation, the table given an inheriting child) sends the pass to
 * the statements that still hold before its next batch, and its settings show them.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = "POSTGRESQL")
class CatalogChangeTest extends DatabaseSuite {

  private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  private static final String NOTIFICATIONS = TenantNotification.class.getName();

  CatalogChangeTest(TestDatabase.Kind kind) {
    super(kind, NOW, TenantNotification.class);
  }

  /**
   * ACME 3,650 days, acme and globex one day; every row two days old. The runtime chose the ctid statement on the
   * default collation; the column is then made case-insensitive: acme's rows are ACME's too, and stay by its window.
   */
  @Test
  void aCollationMadeNondeterministicBetweenSweepsKeepsMergedValuesByTheLongestWindow() throws SQLException {
    try (RetentionRuntime retention = runtime()
        .scopeWindows(NOTIFICATIONS, tenant -> switch ((String) tenant) {
          case "ACME" -> Optional.of(Duration.ofDays(3_650));
          case "acme", "globex" -> Optional.of(Duration.ofDays(1));
          default -> Optional.empty();
        })
        .build()) {
      assertEquals(StatementShape.POSTGRESQL_CTID, retention.settings(NOTIFICATIONS).statementShape());
      assertTrue(retention.sweep(NOTIFICATIONS).succeeded());

      collateTenantsCaseInsensitively();
      TenantNotifications.persistTwoEach(emf, List.of("ACME", "acme", "globex"), NOW.minus(Duration.ofDays(2)));

      SweepReport onDemand = retention.sweep(NOTIFICATIONS, "acme");
      assertTrue(onDemand.succeeded(), onDemand::toString);
      assertEquals(0, onDemand.deleted(), "acme is ACME under the collation: " + onDemand);
      assertEquals(StatementShape.SKIP_LOCKED, retention.settings(NOTIFICATIONS).statementShape());
      SweepReport whole = retention.sweep(NOTIFICATIONS);
      assertTrue(whole.succeeded(), whole::toString);
      assertEquals(2, whole.deleted(), "globex's rows alone: " + whole);
    }
    assertEquals(Set.of(1L, 2L, 11L, 12L), ids(), "ACME's rows are 1 and 2, acme's 11 and 12, globex's 21 and 22");
  }

  /**
   * A child table inheriting from the pass's table after start: the ctid statement ({@code delete from only}) would
   * delete none of its rows while they stay expired; the pass goes to the statements that reach them.
   */
  @Test
  void aTableGivenAnInheritingChildBetweenSweepsHasItsChildsRowsDeleted() throws SQLException {
    try (RetentionRuntime retention = runtime().build()) {
      assertEquals(StatementShape.POSTGRESQL_CTID, retention.settings(NOTIFICATIONS).statementShape());
      assertTrue(retention.sweep(NOTIFICATIONS).succeeded());

      execute("create table tenant_notification_archive () inherits (tenant_notification)");
      execute("insert into tenant_notification_archive (id, tenant_id, created_at) select g, 'acme',"
          + " timestamp with time zone '2026-01-01 00:00:00+00' from generate_series(1, 5) g");

      SweepReport report = retention.sweep(NOTIFICATIONS);
      assertTrue(report.succeeded(), report::toString);
      assertEquals(5, report.deleted(), report::toString);
      assertEquals(StatementShape.SKIP_LOCKED, retention.settings(NOTIFICATIONS).statementShape());
    }
    assertEquals(0, count("select count(*) from tenant_notification_archive"));
  }

  private RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .defaults(RetentionOptions.empty().withBatchSize(500));
  }

  /** A case-insensitive ICU collation, {@code ci}, for the tenant column; skipped where the server has no ICU. */
  private void collateTenantsCaseInsensitively() throws SQLException {
    Assumptions.assumeTrue(count("select count(*) from pg_collation where collprovider = 'i'") > 0,
        "this PostgreSQL server has no ICU collations");
    execute("create collation ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false)");
    execute("alter table tenant_notification alter column tenant_id type varchar(255) collate ci");
  }

  private long count(String sql) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      result.next();
      return result.getLong(1);
    }
  }

  private void execute(String sql) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  private Set<Long> ids() {
    return new TreeSet<>(ids("select n.id from TenantNotification n"));
  }
}
