package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.scopes.NumberedAccountEntry;
import dev.retention.it.scopes.TypedTenantNote;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Whether a scope compares exactly is a fact of the Java type and the column's type together: a {@code String} scope
 * over a {@code uuid} column compares as a UUID (capitals are the same tenant), over an {@code integer} column as a
 * number ({@code "007"} is account 7). Such a pass is not taken to compare exactly: a sweep of the spelling Java tells
 * apart finds the rows stored for the configured one and keeps them by its longer window, and the start line says why
 * the statements that delete without seeing each row's scope stepped aside.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = "POSTGRESQL")
class TypedScopeColumnTest extends DatabaseSuite {

  private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  private static final String NOTES = TypedTenantNote.class.getName();
  private static final String ENTRIES = NumberedAccountEntry.class.getName();
  private static final String PREMIUM = "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11";

  TypedScopeColumnTest(TestDatabase.Kind kind) {
    super(kind, NOW, TypedTenantNote.class, NumberedAccountEntry.class);
  }

  /** The server casts a String bound for a uuid or integer column, as an application mapping them so must ask. */
  @Override
  protected Map<String, ?> properties() {
    String url = database.url();
    return Map.of("jakarta.persistence.jdbc.url", url + (url.contains("?") ? "&" : "?") + "stringtype=unspecified");
  }

  @Test
  void aStringScopeOverAUuidColumnKeepsTheConfiguredTenantsRowsWhenSweptInCapitals() {
    Jpa.inTransaction(emf, em -> {
      for (long id = 1; id <= 4; id++) {
        em.persist(new TypedTenantNote(id, PREMIUM, NOW.minus(Duration.ofDays(60))));
      }
      return null;
    });

    try (RetentionRuntime retention = runtime()
        .configuration(Map.of("retention." + NOTES + ".scope." + PREMIUM + ".retention", "3650d")).build()) {
      assertEquals(StatementShape.SKIP_LOCKED, retention.settings(NOTES).statementShape());
      SweepReport report = retention.sweep(NOTES, PREMIUM.toUpperCase(java.util.Locale.ROOT));
      assertTrue(report.succeeded(), report::toString);
      assertEquals(0, report.deleted(), "the premium tenant's rows, by its own window: " + report);
      SweepReport whole = retention.sweep(NOTES);
      assertEquals(0, whole.deleted(), whole::toString);
    }
    String line = StartLine.of(runtime().build());
    assertTrue(line.contains("the scope column tenant is uuid, which compares a String scope as a UUID"), line);
    assertEquals(Long.valueOf(4), Jpa.inTransaction(emf, em -> em.createQuery("select count(n) from TypedTenantNote n",
        Long.class).getSingleResult()));
  }

  @Test
  void aStringScopeOverAnIntegerColumnKeepsTheConfiguredAccountsRowsWhenSweptWithLeadingZeros() {
    Jpa.inTransaction(emf, em -> {
      for (long id = 1; id <= 4; id++) {
        em.persist(new NumberedAccountEntry(id, "7", NOW.minus(Duration.ofDays(60))));
      }
      return null;
    });

    try (RetentionRuntime retention = runtime()
        .configuration(Map.of("retention." + ENTRIES + ".scope.7.retention", "3650d")).build()) {
      assertEquals(StatementShape.SKIP_LOCKED, retention.settings(ENTRIES).statementShape());
      SweepReport report = retention.sweep(ENTRIES, "007");
      assertTrue(report.succeeded(), report::toString);
      assertEquals(0, report.deleted(), "account 7's rows, by its own window: " + report);
    }
    assertEquals(Long.valueOf(4), Jpa.inTransaction(emf, em -> em.createQuery("select count(n) from NumberedAccountEntry n",
        Long.class).getSingleResult()));
  }

  private RetentionRuntime.Builder runtime() {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .defaults(RetentionOptions.empty().withBatchSize(500));
  }
}
