package dev.retention.it.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a round over many tenant schemas costs follows the work: once each tenant's session has said where its table
 * is (at its first visit), a round is one look across the schemas (one statement for up to 200) and a sweep of only
 * the tenants whose schema holds expired rows; the other tenants get no session and keep every row. A look that fails
 * visits every tenant, as without it. On PostgreSQL a tenant's schema is a schema of the suite's database; on MariaDB a
 * database of the server, named after the suite's. Counted as the statements Hibernate sends (its statement
 * inspector; the sweep lock's and the connection provider's {@code search_path} or {@code use} go around it).
 *
 * <p>{@code -Dschema.look.tenants=1000 -Dschema.look.expired=100} runs it at 1,000 schemas, 1% of them with 100
 * expired rows, and prints what each round cost (statements and milliseconds; nothing asserts time).
 */
@Timeout(600)
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = {"POSTGRESQL", "MARIADB"})
class SchemaLookTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String PASS = SessionToken.class.getName();
  static final int SCHEMAS = Integer.getInteger("schema.look.tenants", 40);
  static final int EXPIRED = Integer.getInteger("schema.look.expired", 30);
  static final int LIVE = 5;
  /** The tenants with expired rows: 1% of them, at least two, spread over the list. */
  static final List<String> DUE = IntStream.range(0, Math.max(2, SCHEMAS / 100))
      .mapToObj(i -> tenant(7 + i * (SCHEMAS / Math.max(2, SCHEMAS / 100)))).collect(Collectors.toList());

  /** The failing look is said once, and the sweep of the tenant whose table is gone fails. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention");

  private final AtomicInteger statements = new AtomicInteger();
  private final List<String> tenants = IntStream.range(0, SCHEMAS).mapToObj(SchemaLookTest::tenant)
      .collect(Collectors.toList());

  SchemaLookTest(TestDatabase.Kind kind) {
    super(kind, NOW, SessionToken.class);
  }

  static String tenant(int number) {
    return String.format("s%04d", number);
  }

  @Override
  protected Map<String, ?> properties() {
    org.hibernate.resource.jdbc.spi.StatementInspector counting = sql -> {
      statements.incrementAndGet();
      return sql;
    };
    return Map.of("hibernate.multi_tenant_connection_provider", new SchemaPerTenant(database),
        "hibernate.tenant_identifier_resolver", new FallbackTenant(tenant(0)),
        "hibernate.session_factory.statement_inspector", counting);
  }

  /** Each tenant's schema, its live rows written by Hibernate in the tenant's session, as applications write them. */
  @BeforeEach
  @Override
  protected void openDatabase() {
    super.openDatabase();
    try {
      SchemaPerTenant.createSchemas(database, "session_token", tenants);
    } catch (SQLException e) {
      throw new IllegalStateException("Creating the tenants' schemas on " + kind, e);
    }
    for (String tenant : tenants) {
      inTenant(tenant, em -> {
        for (int n = 1; n <= LIVE; n++) {
          em.persist(new SessionToken(EXPIRED + n, NOW.plus(Duration.ofDays(n))));
        }
        return null;
      });
    }
  }

  /** The tenants' databases on MariaDB are dropped whatever the test left of them. */
  @AfterEach
  @Override
  protected void closeDatabase() throws Exception {
    try {
      SchemaPerTenant.dropSchemas(database);
    } finally {
      super.closeDatabase();
    }
  }

  @Test
  void theStartLineSaysTheSchemasAreLookedAtTogether() {
    String line = StartLine.of(RetentionRuntime.builder(emf).clock(clock).tenants(() -> tenants).build());

    assertTrue(line.contains(", its tenants' schemas looked at together once a round (one statement for up to 200"
        + " schemas of one server, each tenant's schema as its own session finds the table; only tenants with expired"
        + " rows visited)"), line);
  }

  @Test
  void anIdleRoundIsTheLookAloneAndTheDueTenantsAreDrainedInOneRound() {
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> tenants).build()) {
      // The first round visits every tenant, whose session says where its table is.
      SweepReport first = measured("first round (every tenant visited once)", () -> retention.sweep(PASS));
      assertEquals(SCHEMAS, listener.sweeps.size(), first::toString);
      assertEquals(0, first.deleted(), first::toString);

      listener.sweeps.clear();
      statements.set(0);
      SweepReport idle = measured("idle round", () -> retention.sweep(PASS));
      assertEquals(0, idle.deleted(), idle::toString);
      assertFalse(idle.workRemains(), idle::toString);
      assertTrue(idle.failure().isEmpty(), idle::toString);
      assertEquals(List.of(), listener.sweeps, "no tenant visited in an idle round");
      assertEquals((SCHEMAS + 199) / 200, statements.get(), "statements of an idle round over " + SCHEMAS
          + " schemas");

      for (String tenant : DUE) {
        insertExpired(tenant);
      }
      listener.sweeps.clear();
      statements.set(0);
      SweepReport drain = measured("drain round of " + DUE.size() + " tenants", () -> retention.sweep(PASS));
      assertTrue(drain.failure().isEmpty(), drain::toString);
      assertEquals((long) DUE.size() * EXPIRED, drain.deleted(), drain::toString);
      assertEquals(DUE, listener.sweeps.stream().map(report -> report.tenant().orElseThrow()).toList(),
          "only the tenants with expired rows are visited");

      listener.sweeps.clear();
      statements.set(0);
      SweepReport after = measured("idle round after the drain", () -> retention.sweep(PASS));
      assertEquals(List.of(), listener.sweeps, "the drained tenants are not visited again");
      assertEquals(0, after.deleted(), after::toString);
    }
    for (String tenant : tenants) {
      assertEquals(0, expiredLeft(tenant), tenant);
      assertEquals(LIVE, rows(tenant), "every live row of " + tenant + " stays");
    }
  }

  /**
   * The look binds the cutoff as the native statements bind it, to the microsecond the column keeps, in the JVM's zone
   * where the factory states none (Asia/Tokyo here, so MariaDB's {@code datetime(6)} holds Tokyo's wall-clock time): a
   * tenant whose one expired row is at the cutoff itself is visited and drained, and one whose row is a microsecond
   * after it is not visited and keeps it.
   */
  @Test
  void aRowAtTheCutoffIsFoundAndARowAMicrosecondAfterItIsNot() {
    RecordingListener listener = new RecordingListener();
    String atCutoff = DUE.get(0);
    String justAfter = DUE.get(1);
    TimeZone jvmZone = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone("Asia/Tokyo"));
    Map<String, Object> existingTables = new HashMap<>(properties());
    existingTables.put(Jpa.SCHEMA_ACTION, "none");
    EntityManagerFactory inJvmZone = Jpa.factoryInJvmZone(database, List.of(SessionToken.class), existingTables);
    try (RetentionRuntime retention = RetentionRuntime.builder(inJvmZone).clock(clock).listener(listener)
        .tenants(() -> tenants).build()) {
      retention.sweep(PASS);
      inTenant(inJvmZone, atCutoff, em -> {
        em.persist(new SessionToken(1, NOW));
        return null;
      });
      inTenant(inJvmZone, justAfter, em -> {
        em.persist(new SessionToken(1, NOW.plusNanos(1_000)));
        return null;
      });
      listener.sweeps.clear();

      SweepReport round = retention.sweep(PASS);

      assertTrue(round.failure().isEmpty(), round::toString);
      assertEquals(1, round.deleted(), round::toString);
      assertEquals(List.of(atCutoff), listener.sweeps.stream().map(report -> report.tenant().orElseThrow()).toList(),
          "only the tenant with a row at the cutoff is visited");
      assertEquals(LIVE, count(inJvmZone, atCutoff), atCutoff);
      assertEquals(LIVE + 1, count(inJvmZone, justAfter), "the row a microsecond after the cutoff stays in "
          + justAfter);
    } finally {
      inJvmZone.close();
      TimeZone.setDefault(jvmZone);
    }
  }

  /**
   * A table name Hibernate quotes (every identifier quoted, here) is found where each tenant's session finds it: the
   * look takes the pass, and a round visits only the tenant with expired rows.
   */
  @Test
  void aQuotedTableNameIsFoundWhereEachTenantsSessionFindsIt() {
    Assumptions.assumeTrue(kind == TestDatabase.Kind.MARIADB, "PostgreSQL's columns were created folded to lower case,"
        + " which their quoted names would not find");
    Map<String, Object> quotedIdentifiers = new HashMap<>(properties());
    quotedIdentifiers.put("hibernate.globally_quoted_identifiers", true);
    quotedIdentifiers.put(Jpa.SCHEMA_ACTION, "none");
    EntityManagerFactory quoted = Jpa.factory(database, List.of(SessionToken.class), quotedIdentifiers);
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(quoted).clock(clock).listener(listener)
        .tenants(() -> tenants).build()) {
      retention.sweep(PASS);
      insertExpired(DUE.get(0));
      listener.sweeps.clear();

      SweepReport round = retention.sweep(PASS);

      assertEquals(EXPIRED, round.deleted(), round::toString);
      assertEquals(List.of(DUE.get(0)), listener.sweeps.stream().map(report -> report.tenant().orElseThrow())
          .toList(), "only the tenant with expired rows is visited");
    } finally {
      quoted.close();
    }
    assertEquals(LIVE, rows(DUE.get(0)));
  }

  /**
   * A tenant whose MariaDB sessions set another time zone (in which a {@code timestamp} column's cutoff is read) is on
   * another server for the look: it is visited every round, each time looking for itself, and the other tenants are
   * looked at together as before.
   */
  @Test
  void aTenantWhoseSessionsSetAnotherTimeZoneIsVisitedEachRound() {
    Assumptions.assumeTrue(kind == TestDatabase.Kind.MARIADB, "the session's time zone is in MariaDB's server alone");
    String elsewhere = DUE.get(1);
    Map<String, Object> zoned = new HashMap<>(properties());
    zoned.put("hibernate.multi_tenant_connection_provider", new SchemaPerTenant(database)
        .withTimeZone(elsewhere, "+09:00"));
    zoned.put(Jpa.SCHEMA_ACTION, "none");
    EntityManagerFactory factory = Jpa.factory(database, List.of(SessionToken.class), zoned);
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(factory).clock(clock).listener(listener)
        .tenants(() -> tenants).build()) {
      retention.sweep(PASS);
      listener.sweeps.clear();

      SweepReport idle = retention.sweep(PASS);
      assertEquals(0, idle.deleted(), idle::toString);
      assertEquals(List.of(elsewhere), listener.sweeps.stream().map(report -> report.tenant().orElseThrow())
          .toList(), "the tenant in another time zone is visited; the others are looked at together");

      insertExpired(DUE.get(0));
      listener.sweeps.clear();
      SweepReport drain = retention.sweep(PASS);
      assertEquals(EXPIRED, drain.deleted(), drain::toString);
      assertEquals(List.of(DUE.get(0), elsewhere), listener.sweeps.stream()
          .map(report -> report.tenant().orElseThrow()).toList());
    } finally {
      factory.close();
    }
  }

  /**
   * A look that fails (a tenant's table gone since its session said where it was) visits every tenant, each looking
   * for itself: the tenants with expired rows are still drained, and only the tenant without a table fails.
   */
  @Test
  void aFailingLookFallsBackToEveryTenantsOwnLook() throws SQLException {
    warnings.expect("the look across " + SCHEMAS + " tenants failed; every tenant is visited, each looking"
        + " for itself");
    warnings.expect("\\[tenant " + tenants.get(SCHEMAS - 1) + "\\]: .*failed: .*SweepFailedException");
    RecordingListener listener = new RecordingListener();
    String gone = tenants.get(SCHEMAS - 1);
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> tenants).build()) {
      retention.sweep(PASS);
      for (String tenant : DUE) {
        insertExpired(tenant);
      }
      execute("drop table " + SchemaPerTenant.qualified(database, gone, "session_token"));
      listener.sweeps.clear();

      SweepReport fallback = retention.sweep(PASS);

      assertEquals(SCHEMAS, listener.sweeps.size(), "every tenant visited when the look fails");
      assertEquals((long) DUE.size() * EXPIRED, fallback.deleted(), fallback::toString);
      List<String> failed = listener.sweeps.stream().filter(report -> report.failure().isPresent())
          .map(report -> report.tenant().orElseThrow()).toList();
      assertEquals(List.of(gone), failed);
    }
    for (String tenant : DUE) {
      assertEquals(0, expiredLeft(tenant), tenant);
      assertEquals(LIVE, rows(tenant), tenant);
    }
  }

  /** Rows expired 1 to {@link #EXPIRED} minutes before the cutoff, written by Hibernate in the tenant's session. */
  private void insertExpired(String tenant) {
    inTenant(tenant, em -> {
      for (int n = 1; n <= EXPIRED; n++) {
        em.persist(new SessionToken(n, NOW.minus(Duration.ofMinutes(n))));
      }
      return null;
    });
  }

  private SweepReport measured(String what, java.util.function.Supplier<SweepReport> round) {
    int before = statements.get();
    long start = System.nanoTime();
    SweepReport report = round.get();
    if (System.getProperty("schema.look.tenants") == null) {
      return report; // the figures are printed for a measured run only, to keep the build's output to the unexpected
    }
    System.out.printf("SchemaLookTest %d schemas: %s: %d statements, %d ms, %d rows deleted%n", SCHEMAS, what,
        statements.get() - before, (System.nanoTime() - start) / 1_000_000, report.deleted());
    return report;
  }

  private long expiredLeft(String tenant) {
    return inTenant(tenant, em -> em.createQuery("select count(e) from SessionToken e where e.expiresAt <= :now",
        Long.class).setParameter("now", NOW).getSingleResult());
  }

  private long rows(String tenant) {
    return count(emf, tenant);
  }

  private static long count(EntityManagerFactory factory, String tenant) {
    return inTenant(factory, tenant, em -> em.createQuery("select count(e) from SessionToken e", Long.class)
        .getSingleResult());
  }

  private <T> T inTenant(String tenant, Function<EntityManager, T> work) {
    return inTenant(emf, tenant, work);
  }

  /** Runs {@code work} in a transaction of a session of {@code factory} opened for {@code tenant}. */
  private static <T> T inTenant(EntityManagerFactory factory, String tenant, Function<EntityManager, T> work) {
    return Jpa.inTransaction(factory, Map.of("org.hibernate.tenantId", tenant), work);
  }

  private void execute(String sql) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
