package dev.retention.it.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Tenants in one table, by a {@code @TenantId} column Hibernate fills and filters, with a resolver that answers a
 * fallback tenant on the sweeper's thread: a sweep through that filter would delete the fallback's rows only, and its
 * look for rows left, filtered too, would report the pass drained. Told the tenants, the runtime sweeps each tenant's
 * value in sessions opened for it; a sweep of one tenant leaves every other tenant's rows; Hibernate's root tenant,
 * where the application has one, sweeps them all at once. Rows are counted by plain SQL, past every filter.
 *
 * <p>On Hibernate 7.4 alone: the suite is of Hibernate's {@code @TenantId}.
 */
@Timeout(120)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class TenantIdTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String PASS = TenantNote.class.getName();
  static final List<String> TENANTS = List.of("t1", "t2", "t3");
  static final int EXPIRED = 30;
  static final int LIVE = 12;

  TenantIdTest(TestDatabase.Kind kind) {
    super(kind, NOW, TenantNote.class);
  }

  @Override
  protected Map<String, ?> properties() {
    return Map.of("hibernate.tenant_identifier_resolver", new FallbackTenant("t1"));
  }

  @BeforeEach
  @Override
  protected void openDatabase() {
    super.openDatabase();
    long id = 0;
    for (String tenant : TENANTS) {
      long first = id;
      inTenant(tenant, em -> {
        for (long n = 1; n <= EXPIRED + LIVE; n++) {
          em.persist(new TenantNote(first + n, n <= EXPIRED ? NOW.minus(Duration.ofMinutes(n))
              : NOW.plus(Duration.ofDays(n))));
        }
        return null;
      });
      id += EXPIRED + LIVE;
    }
  }

  @Test
  void withoutItsTenantsTheBuildFailsNamingTheFix() {
    RetentionConfigurationException refused = assertThrows(RetentionConfigurationException.class,
        () -> RetentionRuntime.builder(emf).clock(clock).build());

    assertTrue(refused.getMessage().contains("multi-tenant (Hibernate's multi-tenancy: @TenantId on " + PASS + ")"),
        refused::getMessage);
    assertTrue(refused.getMessage().contains("tenants(() -> tenantIds)")
        && refused.getMessage().contains("tenants(() -> List.of(rootTenant))"), refused::getMessage);
  }

  @Test
  void everyTenantsExpiredRowsGoAndEveryLiveRowStays() throws SQLException {
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> TENANTS).build()) {
      assertEquals(StatementShape.PORTABLE_JPQL, retention.settings(PASS).statementShape(),
          "the statement Hibernate's tenant filter sees");

      SweepReport round = retention.sweepAll().get(0);

      assertTrue(round.succeeded(), round::toString);
      assertEquals(3L * EXPIRED, round.deleted(), round::toString);
    }
    assertEquals(Map.of("t1", 0L, "t2", 0L, "t3", 0L), rowsByTenant(true));
    assertEquals(Map.of("t1", (long) LIVE, "t2", (long) LIVE, "t3", (long) LIVE), rowsByTenant(false));
    assertEquals(TENANTS, listener.sweeps.stream().map(report -> report.tenant().orElseThrow()).toList());
  }

  @Test
  void aSweepOfOneTenantLeavesEveryOtherTenantsRows() throws SQLException {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).tenants(() -> TENANTS).build()) {
      // This thread's resolver answers t1: the sweep is t2's all the same.
      SweepReport t2 = retention.sweepTenant(PASS, "t2");

      assertTrue(t2.succeeded(), t2::toString);
      assertEquals(EXPIRED, t2.deleted(), t2::toString);
      assertTrue(t2.toString().startsWith(PASS + " [tenant t2]: deleted " + EXPIRED), t2::toString);
    }
    assertEquals(Map.of("t1", (long) EXPIRED, "t2", 0L, "t3", (long) EXPIRED), rowsByTenant(true));
    assertEquals(Map.of("t1", (long) LIVE, "t2", (long) LIVE, "t3", (long) LIVE), rowsByTenant(false));
  }

  /** Hibernate's root tenant sees every tenant's rows: the application that has one may list it alone. */
  @Test
  void theRootTenantListedAloneSweepsEveryTenantsRowsAtOnce() throws SQLException {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
        .tenants(() -> List.of(FallbackTenant.ROOT)).build()) {
      SweepReport round = retention.sweep(PASS);

      assertEquals(3L * EXPIRED, round.deleted(), round::toString);
    }
    assertEquals(Map.of("t1", 0L, "t2", 0L, "t3", 0L), rowsByTenant(true));
    assertEquals(Map.of("t1", (long) LIVE, "t2", (long) LIVE, "t3", (long) LIVE), rowsByTenant(false));
  }

  /** The rows of each tenant, expired or live, counted by plain SQL past Hibernate's filter. */
  private Map<String, Long> rowsByTenant(boolean expired) throws SQLException {
    Map<String, Long> rows = new TreeMap<>();
    TENANTS.forEach(tenant -> rows.put(tenant, 0L));
    try (Connection connection = database.connect(); PreparedStatement statement = connection.prepareStatement(
        "select tenant, count(*) from tenant_note where expiresAt " + (expired ? "<=" : ">") + " ? group by tenant")) {
      statement.setTimestamp(1, Timestamp.from(NOW));
      try (ResultSet result = statement.executeQuery()) {
        while (result.next()) {
          rows.put(result.getString(1), result.getLong(2));
        }
      }
    }
    return rows;
  }

  private <T> T inTenant(String tenant, java.util.function.Function<EntityManager, T> work) {
    return Jpa.inTransaction(emf, Map.of("org.hibernate.tenantId", tenant), work);
  }
}
