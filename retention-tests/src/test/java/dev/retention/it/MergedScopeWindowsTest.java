package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.scopes.TenantNotifications;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Scope values MariaDB's default collation merges ({@code ACME}, {@code acme}, {@code Acme}: it ignores case) take the
 * longest window among those stored, whichever of them is swept; where the database tells them apart (H2, PostgreSQL)
 * each keeps its own. The differential test draws such values at random; these are the cases of issue 21, spelled out.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class MergedScopeWindowsTest extends DatabaseSuite {

  private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  private static final String NOTIFICATIONS = TenantNotification.class.getName();

  /** Scope keys a collation may take as one, configured on purpose; the runtime warns of them. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("Retention windows? of .* shortened (to|for) ")
      .allow("Retention windows of .* for scopes .* a database collation may take these values as one");

  MergedScopeWindowsTest(TestDatabase.Kind kind) {
    super(kind, NOW, TenantNotification.class);
  }

  /**
   * ACME 3,650 days from configuration, acme one day from configuration, Acme the compiled 30 days; every row two days
   * old: {@code sweep(pass, "acme")} deletes none of ACME's rows (nor any other: configured keys a collation may take
   * as one give each the longest of their windows, on every database), and {@code build()} warns of the keys.
   */
  @Test
  void configuredKeysTheCollationMergesTakeTheLongestWindowAndAreWarnedOf() {
    write(List.of("ACME", "acme", "Acme"), Duration.ofDays(2));

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .configuration(Map.of(
            "retention." + NOTIFICATIONS + ".scope.ACME.retention", "3650d",
            "retention." + NOTIFICATIONS + ".scope.acme.retention", "1d"))
        .build()) {
      assertTrue(warnings.messages().stream().anyMatch(warning -> warning.contains("scope.ACME.retention")
          && warning.contains("scope.acme.retention") && warning.contains("3650d")), warnings::toString);
      SweepReport report = retention.sweep(NOTIFICATIONS, "acme");
      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(0, report.deleted(), report::toString);
    }
    assertEquals(Set.of(1L, 2L, 11L, 12L, 21L, 22L), ids());
  }

  /**
   * ACME 3,650 days and acme one day, both from code, so that no configured key brings the longer window along; ACME's
   * rows are an hour old, acme's two days: on MariaDB, which matches ACME's rows for {@code acme}, acme's rows are
   * ACME's too and stay by its window, though no row of ACME is expired enough to be selected with them; on H2 and
   * PostgreSQL acme's rows go and ACME's stay.
   */
  @Test
  void rowsTheDatabaseMatchesForAValueTakeTheLongestWindowAmongTheValuesStored() {
    write(List.of("ACME"), Duration.ofHours(1));
    write(List.of("acme"), Duration.ofDays(2));

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .scopeWindows(NOTIFICATIONS, tenant -> switch ((String) tenant) {
          case "ACME" -> Optional.of(Duration.ofDays(3_650));
          case "acme" -> Optional.of(Duration.ofDays(1));
          default -> Optional.empty();
        })
        .build()) {
      SweepReport report = retention.sweep(NOTIFICATIONS, "acme");
      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    }
    assertEquals(kind == TestDatabase.Kind.MARIADB ? Set.of(1L, 2L, 11L, 12L) : Set.of(1L, 2L), ids(),
        "ACME's rows are 1 and 2, acme's 11 and 12");
  }

  /** Two rows of each tenant, {@code age} old, numbered from 1, 11, 21, ... in the order given. */
  private void write(List<String> tenants, Duration age) {
    TenantNotifications.persistTwoEach(emf, tenants, NOW.minus(age));
  }

  private Set<Long> ids() {
    return new TreeSet<>(ids("select n.id from TenantNotification n"));
  }
}
