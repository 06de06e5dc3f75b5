package dev.retention.it.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionRuntime;
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
 * A pass with both a {@code @TenantId} and a {@code @TtlScope} (an owner within a tenant): the same owner number in
 * every tenant. One owner of one tenant at sign-in deletes that owner's expired rows in that tenant only; a round goes
 * over every tenant's scopes. Rows are counted by plain SQL, past the filter.
 *
 * <p>On Hibernate 7.4 alone: the suite is of Hibernate's {@code @TenantId}.
 */
@Timeout(120)
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = {"H2", "POSTGRESQL"})
class TenantScopeTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String PASS = TenantScopedNote.class.getName();
  static final List<String> TENANTS = List.of("t1", "t2", "t3");
  static final List<Long> OWNERS = List.of(7L, 8L);
  static final int EXPIRED = 6;
  static final int LIVE = 3;

  TenantScopeTest(TestDatabase.Kind kind) {
    super(kind, NOW, TenantScopedNote.class);
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
      EntityManager em = emf.createEntityManager(Map.of("org.hibernate.tenantId", tenant));
      em.getTransaction().begin();
      for (long owner : OWNERS) {
        for (int n = 1; n <= EXPIRED + LIVE; n++) {
          em.persist(new TenantScopedNote(++id, owner, n <= EXPIRED ? NOW.minus(Duration.ofMinutes(n))
              : NOW.plus(Duration.ofDays(n))));
        }
      }
      em.getTransaction().commit();
      em.close();
    }
  }

  @Test
  void oneOwnerOfOneTenantAtSignInThenARoundOverEveryTenantsScopes() throws SQLException {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).tenants(() -> TENANTS).build()) {
      SweepReport signIn = retention.sweepTenant(PASS, "t2", 7L);

      assertTrue(signIn.succeeded(), signIn::toString);
      assertEquals(EXPIRED, signIn.deleted(), signIn::toString);
      Map<String, Long> expired = expiredByTenantAndOwner();
      expired.forEach((key, rows) -> assertEquals(key.equals("t2/7") ? 0L : EXPIRED, rows, key));

      SweepReport round = retention.sweepAll().get(0);

      assertTrue(round.succeeded(), round::toString);
      assertEquals(5L * EXPIRED, round.deleted(), round::toString);
    }
    expiredByTenantAndOwner().forEach((key, rows) -> assertEquals(0L, rows, key));
    try (Connection connection = database.connect(); PreparedStatement statement = connection.prepareStatement(
        "select count(*) from tenant_scoped_note")) {
      try (ResultSet result = statement.executeQuery()) {
        result.next();
        assertEquals(TENANTS.size() * OWNERS.size() * LIVE, result.getLong(1), "every live row stays");
      }
    }
  }

  /**
   * All of one tenant's rows at sign-in, on a pass whose scopes have windows of their own: owner 8 keeps a month, so
   * its rows, expired by the pass's window, stay; owner 7's go, in that tenant only.
   */
  @Test
  void allOfOneTenantsRowsAtSignInGoScopeByScopeEachByItsOwnWindow() throws SQLException {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).tenants(() -> TENANTS)
        .configuration(Map.of("retention." + PASS + ".scope.8.retention", "30d")).build()) {
      SweepReport signIn = retention.sweepTenant(PASS, "t3");

      assertTrue(signIn.succeeded(), signIn::toString);
      assertEquals(EXPIRED, signIn.deleted(), signIn::toString);
    }
    expiredByTenantAndOwner().forEach((key, rows) -> assertEquals(key.equals("t3/7") ? 0L : EXPIRED, rows, key));
  }

  /** The expired rows of each tenant and owner, as {@code tenant/owner}, by plain SQL. */
  private Map<String, Long> expiredByTenantAndOwner() throws SQLException {
    Map<String, Long> rows = new TreeMap<>();
    TENANTS.forEach(tenant -> OWNERS.forEach(owner -> rows.put(tenant + "/" + owner, 0L)));
    try (Connection connection = database.connect(); PreparedStatement statement = connection.prepareStatement(
        "select tenant, owner, count(*) from tenant_scoped_note where expiresAt <= ? group by tenant, owner")) {
      statement.setTimestamp(1, Timestamp.from(NOW));
      try (ResultSet result = statement.executeQuery()) {
        while (result.next()) {
          rows.put(result.getString(1) + "/" + result.getLong(2), result.getLong(3));
        }
      }
    }
    return rows;
  }
}
