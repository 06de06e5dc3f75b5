package dev.retention.it.eclipselink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
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
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * EclipseLink's {@code @Multitenant(TABLE_PER_TENANT)}: each tenant's rows in a table of its own, which EclipseLink
 * picks from the entity manager's {@code eclipselink.tenant-id}, in a schema per tenant or named with the tenant as a
 * suffix (its default). A runtime not told the tenants must refuse to build, naming the fix; told them, it sweeps each
 * tenant's table in sessions opened for it, so every tenant's expired rows go, every live row stays, and one tenant's
 * sweep leaves the others' tables. A tenant listed whose table cannot be reached fails its own sweep, said in its
 * report, while the others drain. Rows are counted by plain SQL in each tenant's table.
 *
 * <p>A schema per tenant on H2 and PostgreSQL (MariaDB's schemas are databases of the shared server, which the suites
 * do not create); a suffix on all three.
 */
@Tag("eclipselink")
@Timeout(120)
@ParameterizedClass(name = "{0}, {1}")
@MethodSource("databasesAndLayouts")
class TablePerTenantTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String TENANT_PROPERTY = "eclipselink.tenant-id";
  static final List<String> TENANTS = List.of("t1", "t2", "t3");
  static final int EXPIRED = 25;
  static final int LIVE = 10;

  /** Where EclipseLink finds a tenant's table. */
  enum Layout {
    SCHEMA(SchemaNote.class, "a schema per tenant", SchemaNote::new) {
      @Override
      String table(String tenant) {
        return tenant + ".schema_note";
      }
    },
    SUFFIX(SuffixNote.class, "a table name suffix per tenant", SuffixNote::new) {
      @Override
      String table(String tenant) {
        return "suffix_note_" + tenant;
      }
    };

    final Class<?> entity;
    final String description;
    final BiFunction<Long, Instant, Object> row;

    Layout(Class<?> entity, String description, BiFunction<Long, Instant, Object> row) {
      this.entity = entity;
      this.description = description;
      this.row = row;
    }

    /** The table of {@code tenant}'s rows, as EclipseLink names it. */
    abstract String table(String tenant);

    @Override
    public String toString() {
      return description;
    }
  }

  static Stream<Arguments> databasesAndLayouts() {
    return Stream.of(TestDatabase.Kind.values()).flatMap(kind -> Stream.of(Layout.values())
        .filter(layout -> layout != Layout.SCHEMA || kind != TestDatabase.Kind.MARIADB)
        .map(layout -> Arguments.of(kind, layout)));
  }

  /** The failing tenant's sweep, logged at WARNING, naming its tenant. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention");

  private final Layout layout;
  private final String pass;

  TablePerTenantTest(TestDatabase.Kind kind, Layout layout) {
    super(kind, NOW, layout.entity);
    this.layout = layout;
    this.pass = layout.entity.getName();
  }

  @BeforeEach
  @Override
  protected void openDatabase() {
    super.openDatabase();
    for (String tenant : TENANTS) {
      // EclipseLink's schema generation creates no table of a tenant: the application's migrations do, as here.
      try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
        if (layout == Layout.SCHEMA) {
          statement.execute("create schema " + tenant);
        }
        statement.execute("create table " + layout.table(tenant) + " (id bigint not null primary key, expiresAt "
            + (kind == TestDatabase.Kind.MARIADB ? "datetime(6)" : "timestamp") + ")");
        statement.execute("create index " + tenant + "_note_expiresAt on " + layout.table(tenant) + " (expiresAt)");
      } catch (SQLException e) {
        throw new IllegalStateException("Creating the table of tenant " + tenant + " on " + kind, e);
      }
      Jpa.inTransaction(emf, Map.of(TENANT_PROPERTY, tenant), em -> {
        for (long id = 1; id <= EXPIRED + LIVE; id++) {
          em.persist(layout.row.apply(id, id <= EXPIRED ? NOW.minus(Duration.ofMinutes(id))
              : NOW.plus(Duration.ofDays(id))));
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
        + " (TABLE_PER_TENANT, " + layout.description + "), its tenant named by the property " + TENANT_PROPERTY + ")"),
        message);
    assertTrue(message.contains("tenants(() -> tenantIds)") && message.contains("sweepTenant(pass, tenant)"),
        message);
    assertFalse(message.contains("isRoot"), "Hibernate's root tenant is no way of EclipseLink's: " + message);
    assertEquals(rows(EXPIRED, EXPIRED, EXPIRED), rowsByTenant(true), "nothing was swept");
  }

  @Test
  void aSweepOfEveryTenantDeletesEachTenantsExpiredRowsAndKeepsEveryLiveRow() throws SQLException {
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> TENANTS).build()) {
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

  /** At a tenant's sign-in: that tenant's table is swept, and no other tenant's. */
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

  /**
   * A tenant listed without a schema (created late, dropped, misspelt) fails its own sweep, and says so in its report
   * and the round's; every other tenant is swept all the same.
   */
  @Test
  void aTenantWhoseTableIsMissingFailsAloneAndTheOthersDrain() throws SQLException {
    List<String> listed = List.of("t1", "t2", "missing", "t3");
    warnings.expect(Pattern.quote(pass + " [tenant missing]: deleted 0 rows") + ".*, failed: ");
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> listed).build()) {
      SweepReport round = retention.sweepAll().get(0);

      assertTrue(round.failure().isPresent(), round::toString);
      assertEquals(3L * EXPIRED, round.deleted(), round::toString);
    }
    assertEquals(listed, tenantsOf(listener.sweeps));
    SweepReport missing = listener.sweeps.get(2);
    assertTrue(missing.failure().isPresent(), missing::toString);
    assertTrue(missing.toString().startsWith(pass + " [tenant missing]: deleted 0 rows")
        && missing.toString().contains(", failed: "), missing::toString);
    assertEquals(rows(0, 0, 0), rowsByTenant(true));
    assertEquals(rows(LIVE, LIVE, LIVE), rowsByTenant(false));
  }

  @Test
  void theStartLineSaysTheTenantsAreSweptOneByOne() {
    String line = StartLine.of(RetentionRuntime.builder(emf).clock(clock).tenants(() -> TENANTS).build());

    assertTrue(line.contains("tenant by tenant (EclipseLink's @Multitenant on " + pass + " (TABLE_PER_TENANT, "
        + layout.description + "), its tenant named by the property " + TENANT_PROPERTY + "; the tenants listed by"
        + " tenants(...) each round, each in sessions opened for it; the portable JPQL"), line);
    assertTrue(line.contains(pass + ": expires at its attribute") && line.contains(", a look per tenant ("), line);
  }

  private static List<String> tenantsOf(List<SweepReport> reports) {
    return reports.stream().map(report -> report.tenant().orElse("none")).collect(Collectors.toList());
  }

  private static Map<String, Long> rows(long t1, long t2, long t3) {
    return Map.of("t1", t1, "t2", t2, "t3", t3);
  }

  /** The expired (or live) rows in each tenant's table, by their ids, counted by plain SQL. */
  private Map<String, Long> rowsByTenant(boolean expired) throws SQLException {
    Map<String, Long> rows = new TreeMap<>();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      for (String tenant : TENANTS) {
        try (ResultSet result = statement.executeQuery("select count(*) from " + layout.table(tenant) + " where id "
            + (expired ? "<=" : ">") + " " + EXPIRED)) {
          result.next();
          rows.put(tenant, result.getLong(1));
        }
      }
    }
    return rows;
  }
}
