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
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * EclipseLink's {@code @Multitenant(SINGLE_TABLE)}: every tenant's rows in one table, told apart by a column
 * EclipseLink fills and filters from a property of the entity manager, its default {@code eclipselink.tenant-id} or the
 * one the mapping names ({@code @TenantDiscriminatorColumn(contextProperty = "app.tenant")}). A runtime not told the
 * tenants must refuse to build, naming the fix; told them, it sweeps each tenant in sessions opened with the property
 * the mapping names, so every tenant's expired rows go, every live row stays, and one tenant's sweep leaves the
 * others' rows. Rows are counted by plain SQL, past EclipseLink's filter.
 */
@Tag("eclipselink")
@Timeout(120)
@ParameterizedClass(name = "{0}, {1}")
@MethodSource("databasesAndMappings")
class SharedTableTenantsTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final List<String> TENANTS = List.of("t1", "t2", "t3");
  static final int EXPIRED = 30;
  static final int LIVE = 12;
  /** A tenant's ids are its number times this, plus 1 to {@code EXPIRED} for its expired rows, then its live ones. */
  static final long IDS_PER_TENANT = 1000;

  /** The two ways a mapping names the property its tenant comes from. */
  enum Mapping {
    DEFAULT_PROPERTY(SharedTableNote.class, "shared_note", "eclipselink.tenant-id", SharedTableNote::new),
    OWN_PROPERTY(AppPropertyNote.class, "app_property_note", AppPropertyNote.TENANT_PROPERTY, AppPropertyNote::new);

    final Class<?> entity;
    final String table;
    final String property;
    final BiFunction<Long, Instant, Object> row;

    Mapping(Class<?> entity, String table, String property, BiFunction<Long, Instant, Object> row) {
      this.entity = entity;
      this.table = table;
      this.property = property;
      this.row = row;
    }

    @Override
    public String toString() {
      return "tenant by " + property;
    }
  }

  static Stream<Arguments> databasesAndMappings() {
    return Stream.of(TestDatabase.Kind.values())
        .flatMap(kind -> Stream.of(Mapping.values()).map(mapping -> Arguments.of(kind, mapping)));
  }

  private final Mapping mapping;
  private final String pass;

  SharedTableTenantsTest(TestDatabase.Kind kind, Mapping mapping) {
    super(kind, NOW, mapping.entity);
    this.mapping = mapping;
    this.pass = mapping.entity.getName();
  }

  @BeforeEach
  @Override
  protected void openDatabase() {
    super.openDatabase();
    for (int t = 0; t < TENANTS.size(); t++) {
      long first = (t + 1) * IDS_PER_TENANT;
      Jpa.inTransaction(emf, Map.of(mapping.property, TENANTS.get(t)), em -> {
        for (long n = 1; n <= EXPIRED + LIVE; n++) {
          em.persist(mapping.row.apply(first + n, n <= EXPIRED ? NOW.minus(Duration.ofMinutes(n))
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
        + " (SINGLE_TABLE, tenant column tenant), its tenant named by the property " + mapping.property + ")"),
        message);
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
    assertEquals(TENANTS, listener.sweeps.stream().map(report -> report.tenant().orElseThrow()).toList());
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
    assertEquals(TENANTS, listener.sweeps.stream().limit(3).map(report -> report.tenant().orElseThrow()).toList());
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

    assertTrue(line.contains("tenant by tenant (EclipseLink's @Multitenant on " + pass + " (SINGLE_TABLE, tenant"
        + " column tenant), its tenant named by the property " + mapping.property + "; the tenants listed by"
        + " tenants(...) each round, each in sessions opened for it; the portable JPQL"), line);
    assertTrue(line.contains(pass + ": expires at its attribute") && line.contains(", a look per tenant ("), line);
  }

  /** Sessions opened with one property would leave the entity that reads the other without its tenant. */
  @Test
  void entitiesOfOneFactoryNamingDifferentPropertiesAreRefused() {
    EntityManagerFactory both = Jpa.factory(database, List.of(SharedTableNote.class, AppPropertyNote.class));
    try {
      RetentionConfigurationException refused = assertThrows(RetentionConfigurationException.class,
          () -> RetentionRuntime.builder(both).clock(clock).tenants(() -> TENANTS).build());

      assertTrue(refused.getMessage().contains("read their tenant from different properties (app.tenant: "
          + AppPropertyNote.class.getName() + "; eclipselink.tenant-id: " + SharedTableNote.class.getName() + ")"),
          refused::getMessage);
    } finally {
      both.close();
    }
  }

  private static Map<String, Long> rows(long t1, long t2, long t3) {
    return Map.of("t1", t1, "t2", t2, "t3", t3);
  }

  /** The expired (or live) rows of each tenant, by their ids, counted by plain SQL past EclipseLink's filter. */
  private Map<String, Long> rowsByTenant(boolean expired) throws SQLException {
    Map<String, Long> rows = new TreeMap<>();
    TENANTS.forEach(tenant -> rows.put(tenant, 0L));
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("select tenant, id from " + mapping.table)) {
      while (result.next()) {
        if (result.getLong(2) % IDS_PER_TENANT <= EXPIRED == expired) {
          rows.merge(result.getString(1), 1L, Long::sum);
        }
      }
    }
    return rows;
  }
}
