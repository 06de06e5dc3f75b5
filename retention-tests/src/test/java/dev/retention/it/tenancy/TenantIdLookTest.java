package dev.retention.it.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.StartLine;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a round over many {@code @TenantId} tenants of one table costs: on PostgreSQL, whose catalog says the tenant
 * column compares exactly, once each tenant's session has said its tenant value (at its first visit), a round is one
 * native statement that reads which tenant values hold expired rows, past Hibernate's tenant filter, and a sweep of
 * only those tenants; the others get no session and keep every row. A look that fails visits every tenant. On MariaDB,
 * whose default collations take values that differ in case, accents or trailing spaces as one and whose catalog of
 * the column is not read, the round is one statement too while every value it returns is a listed tenant's exactly;
 * a value no listed tenant names exactly (another case of a tenant's, a tenant no longer listed) visits every tenant,
 * and says so. Where the database states no look (H2), each tenant's sweep looks for itself, as the start line says
 * why. Counted as the statements Hibernate sends (its statement inspector; the sweep lock goes around it).
 *
 * <p>{@code -Dtenant.look.tenants=10000} runs it at 10,000 tenant values and prints what each round cost (statements
 * and milliseconds; nothing asserts time).
 */
@Timeout(600)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class TenantIdLookTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String PASS = TenantNote.class.getName();
  static final int TENANTS = Integer.getInteger("tenant.look.tenants", 40);
  static final int EXPIRED = 30;
  static final int LIVE = 3;
  /** The tenants with expired rows: 1% of them, at least two, none of them the first (whose session looks). */
  static final List<String> DUE = IntStream.range(0, Math.max(2, TENANTS / 100))
      .mapToObj(i -> tenant(7 + i * (TENANTS / Math.max(2, TENANTS / 100)))).collect(Collectors.toList());

  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention");

  private final AtomicInteger statements = new AtomicInteger();
  /** Makes the look's statement fail, as a look that cannot run would. */
  private final AtomicBoolean lookFails = new AtomicBoolean();
  private final List<String> tenants = IntStream.range(0, TENANTS).mapToObj(TenantIdLookTest::tenant)
      .collect(Collectors.toList());

  TenantIdLookTest(TestDatabase.Kind kind) {
    super(kind, NOW, TenantNote.class);
  }

  static String tenant(int number) {
    return String.format("t%05d", number);
  }

  @Override
  protected Map<String, ?> properties() {
    org.hibernate.resource.jdbc.spi.StatementInspector counting = sql -> {
      statements.incrementAndGet();
      if (lookFails.get() && sql.startsWith("select distinct")) {
        throw new IllegalStateException("the look's statement refused by the test: " + sql);
      }
      return sql;
    };
    return Map.of("hibernate.tenant_identifier_resolver", new FallbackTenant(tenant(0)),
        "hibernate.session_factory.statement_inspector", counting);
  }

  @BeforeEach
  @Override
  protected void openDatabase() {
    super.openDatabase();
    try (Connection connection = database.connect(); PreparedStatement insert = connection.prepareStatement(
        "insert into tenant_note (id, tenant, expiresAt) values (?, ?, ?)")) {
      long id = 0;
      for (String tenant : tenants) {
        for (int n = 1; n <= LIVE; n++) {
          insert.setLong(1, ++id);
          insert.setString(2, tenant);
          insert.setTimestamp(3, Timestamp.from(NOW.plus(Duration.ofDays(n))));
          insert.addBatch();
        }
      }
      insert.executeBatch();
    } catch (SQLException e) {
      throw new IllegalStateException("Inserting the tenants' rows on " + kind, e);
    }
  }

  private boolean looks() {
    return kind != TestDatabase.Kind.H2;
  }

  @Test
  void theStartLineSaysWhetherTheTenantValuesAreLookedAtTogether() {
    String line = StartLine.of(RetentionRuntime.builder(emf).clock(clock).tenants(() -> tenants).build());

    assertTrue(line.contains(switch (kind) {
      case POSTGRESQL -> ", its tenants' @TenantId values looked at together once a round (one statement reads which"
          + " hold expired rows; only those tenants visited)";
      // MariaDB's collations may take two tenant values as one: only a value identical to a tenant's names it.
      case MARIADB -> ", its tenants' @TenantId values looked at together once a round (one statement reads which"
          + " hold expired rows; only those tenants visited; its tenant column not known to compare exactly: a value"
          + " no listed tenant names exactly visits every tenant)";
      case H2 -> ", a look per tenant (H2 states no look across tenants)";
    }), line);
  }

  /**
   * A {@code char(n)} tenant column compares ignoring trailing spaces, so a value the look returns may not equal in Java
   * the value a tenant's session binds: each tenant's sweep looks for itself, and the start line says why.
   */
  @Test
  void aTenantColumnThatDoesNotCompareExactlyKeepsALookPerTenant() throws SQLException {
    org.junit.jupiter.api.Assumptions.assumeTrue(kind == TestDatabase.Kind.POSTGRESQL,
        "PostgreSQL's catalog is the one read");
    try (Connection connection = database.connect(); var statement = connection.createStatement()) {
      statement.execute("alter table tenant_note alter column tenant type char(8)");
    }
    String line = StartLine.of(RetentionRuntime.builder(emf).clock(clock).tenants(() -> tenants).build());

    assertTrue(line.contains(", a look per tenant (its tenant column is not known to compare exactly: the scope column"
        + " tenant is character(8), which compares ignoring trailing spaces)"), line);
  }

  @Test
  void anIdleRoundIsOneStatementAndTheDueTenantsAreDrainedInOneRound() throws SQLException {
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> tenants).build()) {
      SweepReport first = measured("first round (every tenant visited once)", () -> retention.sweep(PASS));
      assertEquals(TENANTS, listener.sweeps.size(), first::toString);

      listener.sweeps.clear();
      statements.set(0);
      SweepReport idle = measured("idle round", () -> retention.sweep(PASS));
      assertEquals(0, idle.deleted(), idle::toString);
      assertTrue(idle.failure().isEmpty(), idle::toString);
      if (looks()) {
        assertEquals(List.of(), listener.sweeps, "no tenant visited in an idle round");
        // On PostgreSQL, beside it, the catalog read that watches the tenant column, on the look's connection past the
        // inspector; on MariaDB, no catalog is read.
        assertEquals(1, statements.get(), "statements of an idle round over " + TENANTS + " tenant values");
      } else {
        assertEquals(TENANTS, listener.sweeps.size(), "each tenant looks for itself");
      }

      insertExpired();
      listener.sweeps.clear();
      statements.set(0);
      SweepReport drain = measured("drain round of " + DUE.size() + " tenants", () -> retention.sweep(PASS));
      assertTrue(drain.failure().isEmpty(), drain::toString);
      assertEquals((long) DUE.size() * EXPIRED, drain.deleted(), drain::toString);
      if (looks()) {
        assertEquals(DUE, listener.sweeps.stream().map(report -> report.tenant().orElseThrow()).toList(),
            "only the tenants with expired rows are visited");
      }

      listener.sweeps.clear();
      SweepReport after = measured("idle round after the drain", () -> retention.sweep(PASS));
      assertEquals(0, after.deleted(), after::toString);
      if (looks()) {
        assertEquals(List.of(), listener.sweeps, "the drained tenants are not visited again");
      }
    }
    assertEveryLiveRowStaysAndNoExpiredRowIsLeft();
  }

  /** A look that fails visits every tenant, each looking for itself: the due tenants are still drained. */
  @Test
  void aFailingLookFallsBackToEveryTenantsOwnLook() throws SQLException {
    if (looks()) {
      warnings.expect("the look across " + TENANTS + " tenants failed; every tenant is visited, each looking"
          + " for itself");
    }
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> tenants).build()) {
      retention.sweep(PASS);
      insertExpired();
      lookFails.set(true);
      listener.sweeps.clear();

      // Rounds until the work is done: at 10,000 tenants the due tenants' batches reach a round's bound.
      long deleted = 0;
      SweepReport fallback;
      do {
        fallback = retention.sweep(PASS);
        assertTrue(fallback.failure().isEmpty(), fallback::toString);
        deleted += fallback.deleted();
      } while (fallback.workRemains());

      assertEquals(new java.util.HashSet<>(tenants), listener.sweeps.stream()
          .map(report -> report.tenant().orElseThrow()).collect(Collectors.toSet()),
          "every tenant visited when the look fails");
      assertEquals((long) DUE.size() * EXPIRED, deleted);
    }
    assertEveryLiveRowStaysAndNoExpiredRowIsLeft();
  }

  /**
   * MariaDB's default collation takes {@code 'T00007'} as tenant t00007's value, so tenant t00007's own statements take
   * the row; the look, which cannot tell which tenant's they are, visits every tenant once, and says why.
   */
  @Test
  void anExpiredRowUnderAnotherCaseOfATenantsValueVisitsEveryTenantAndGoes() throws SQLException {
    assumeCaseInsensitiveMariaDb();
    String upper = tenant(7).toUpperCase(java.util.Locale.ROOT);
    warnings.expect(UNNAMED + "1 @TenantId value no listed tenant names exactly \\('" + upper + "'\\), which its"
        + " tenant column, not known to compare exactly, may take as a listed tenant's");
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> tenants).build()) {
      retention.sweep(PASS);
      insertExpired(upper, 1_000_000, 1);
      listener.sweeps.clear();

      SweepReport every = retention.sweep(PASS);
      assertTrue(every.failure().isEmpty(), every::toString);
      assertEquals(1, every.deleted(), () -> "tenant " + tenant(7) + "'s sweep takes the row spelled " + upper);
      assertEquals(tenants, visited(listener), "every tenant visited");

      listener.sweeps.clear();
      statements.set(0);
      SweepReport idle = retention.sweep(PASS);
      assertEquals(0, idle.deleted(), idle::toString);
      assertEquals(List.of(), listener.sweeps, "no such value left: no tenant visited");
      assertEquals(1, statements.get(), "statements of the idle round after it");
    }
    assertEveryLiveRowStaysAndNoExpiredRowIsLeft();
  }

  /**
   * Expired rows of a tenant the application no longer lists: no listed tenant's sweep takes them (the database
   * compares them with no listed value as equal), but the look cannot know that of a value it does not compare itself.
   * Every tenant is visited while they are there, the log says it once, and the start line says it; once they are gone,
   * a round is the look alone again.
   */
  @Test
  void expiredRowsOfATenantNoLongerListedStayAndVisitEveryTenantUntilTheyAreGone() throws SQLException {
    assumeCaseInsensitiveMariaDb();
    warnings.expect(UNNAMED + "1 @TenantId value no listed tenant names exactly \\('gone'\\)");
    RecordingListener listener = new RecordingListener();
    RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> tenants).build();
    try {
      retention.sweep(PASS);
      insertExpired("gone", 1_000_000, EXPIRED);
      for (int round = 1; round <= 2; round++) {
        listener.sweeps.clear();
        SweepReport every = retention.sweep(PASS);
        assertTrue(every.failure().isEmpty(), every::toString);
        assertEquals(0, every.deleted(), every::toString);
        assertEquals(tenants, visited(listener), "every tenant visited, round " + round);
      }
      assertEquals(1, warnings.messages().stream().filter(message -> message.contains("no listed tenant names"))
          .count(), () -> "said once: " + warnings.messages());
      assertEquals(EXPIRED, count("gone"), "no listed tenant's sweep takes the rows of tenant gone");

      try (Connection connection = database.connect(); var statement = connection.createStatement()) {
        statement.execute("delete from tenant_note where tenant = 'gone'");
      }
      listener.sweeps.clear();
      statements.set(0);
      retention.sweep(PASS);
      assertEquals(List.of(), listener.sweeps, "no such value left: no tenant visited");
      assertEquals(1, statements.get(), "statements of the idle round after they are gone");
    } finally {
      retention.close();
    }
    assertEveryLiveRowStaysAndNoExpiredRowIsLeft();
  }

  /**
   * A tenant newly listed has not said its value yet, which may be the one the look finds: every tenant is visited
   * that round, as the new tenant is anyway, without a warning; the next round knows its value.
   */
  @Test
  void aTenantNewlyListedWithExpiredRowsIsVisitedWithoutAWarning() throws SQLException {
    assumeCaseInsensitiveMariaDb();
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> tenants).build()) {
      retention.sweep(PASS);
      String fresh = tenant(TENANTS);
      insertExpired(fresh, 1_000_000, EXPIRED);
      try (Connection connection = database.connect(); PreparedStatement insert = connection.prepareStatement(
          "insert into tenant_note (id, tenant, expiresAt) values (?, ?, ?)")) {
        for (int n = 1; n <= LIVE; n++) {
          insert.setLong(1, 2_000_000 + n);
          insert.setString(2, fresh);
          insert.setTimestamp(3, Timestamp.from(NOW.plus(Duration.ofDays(n))));
          insert.executeUpdate();
        }
      }
      tenants.add(fresh);
      listener.sweeps.clear();

      SweepReport round = retention.sweep(PASS);
      assertEquals(EXPIRED, round.deleted(), round::toString);
      assertEquals(tenants, visited(listener), "every tenant visited while the new one has not said its value");

      listener.sweeps.clear();
      statements.set(0);
      retention.sweep(PASS);
      assertEquals(List.of(), listener.sweeps, "no tenant visited in the idle round after");
      assertEquals(1, statements.get(), "statements of the idle round after");
    }
    assertEquals(List.of(), warnings.messages(), "no warning");
    assertEveryLiveRowStaysAndNoExpiredRowIsLeft();
  }

  /** The start line of a runtime started while such values hold expired rows says every tenant is visited. */
  @Test
  void theStartLineSaysEveryTenantIsVisitedWhileAValueNoTenantNamesHoldsExpiredRows() throws SQLException {
    assumeCaseInsensitiveMariaDb();
    warnings.expect(UNNAMED + "1 @TenantId value no listed tenant names exactly \\('gone'\\)");
    RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).tenants(() -> tenants).build();
    retention.sweep(PASS);
    insertExpired("gone", 1_000_000, 1);
    retention.sweep(PASS);

    String line = StartLine.of(retention);

    assertTrue(line.contains("only those tenants visited; its tenant column not known to compare exactly: a value no"
        + " listed tenant names exactly visits every tenant), every tenant visited while it finds expired rows under 1"
        + " @TenantId value no listed tenant names exactly ('gone')"), line);
  }

  static final String UNNAMED = "the look across its tenants finds expired rows under ";

  private void assumeCaseInsensitiveMariaDb() throws SQLException {
    org.junit.jupiter.api.Assumptions.assumeTrue(kind == TestDatabase.Kind.MARIADB,
        "the tenant column is not known to compare exactly on MariaDB only");
    assertEquals(LIVE, count(tenant(0).toUpperCase(java.util.Locale.ROOT)),
        "the tenant column's default collation on MariaDB ignores case");
  }

  private static List<String> visited(RecordingListener listener) {
    return listener.sweeps.stream().map(report -> report.tenant().orElseThrow()).sorted().toList();
  }

  private long count(String tenant) throws SQLException {
    try (Connection connection = database.connect(); PreparedStatement statement = connection.prepareStatement(
        "select count(*) from tenant_note where tenant = ?")) {
      statement.setString(1, tenant);
      try (ResultSet result = statement.executeQuery()) {
        result.next();
        return result.getLong(1);
      }
    }
  }

  private void insertExpired(String tenant, long firstId, int rows) throws SQLException {
    try (Connection connection = database.connect(); PreparedStatement insert = connection.prepareStatement(
        "insert into tenant_note (id, tenant, expiresAt) values (?, ?, ?)")) {
      for (int n = 1; n <= rows; n++) {
        insert.setLong(1, firstId + n);
        insert.setString(2, tenant);
        insert.setTimestamp(3, Timestamp.from(NOW.minus(Duration.ofMinutes(n))));
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  private void insertExpired() throws SQLException {
    try (Connection connection = database.connect(); PreparedStatement insert = connection.prepareStatement(
        "insert into tenant_note (id, tenant, expiresAt) values (?, ?, ?)")) {
      long id = 1_000_000;
      for (String tenant : DUE) {
        for (int n = 1; n <= EXPIRED; n++) {
          insert.setLong(1, ++id);
          insert.setString(2, tenant);
          insert.setTimestamp(3, Timestamp.from(NOW.minus(Duration.ofMinutes(n))));
          insert.addBatch();
        }
      }
      insert.executeBatch();
    }
  }

  private void assertEveryLiveRowStaysAndNoExpiredRowIsLeft() throws SQLException {
    Map<String, Long> live = new TreeMap<>();
    try (Connection connection = database.connect(); PreparedStatement statement = connection.prepareStatement(
        "select tenant, sum(case when expiresAt <= ? then 1 else 0 end), count(*) from tenant_note group by tenant")) {
      statement.setTimestamp(1, Timestamp.from(NOW));
      try (ResultSet result = statement.executeQuery()) {
        while (result.next()) {
          assertEquals(0, result.getLong(2), "expired rows left of " + result.getString(1));
          live.put(result.getString(1), result.getLong(3));
        }
      }
    }
    assertEquals(tenants.stream().collect(Collectors.toMap(tenant -> tenant, tenant -> (long) LIVE, (a, b) -> a,
        TreeMap::new)), live, "every tenant's live rows stay");
  }

  private SweepReport measured(String what, java.util.function.Supplier<SweepReport> round) {
    int before = statements.get();
    long start = System.nanoTime();
    SweepReport report = round.get();
    if (System.getProperty("tenant.look.tenants") == null) {
      return report; // the figures are printed for a measured run only, to keep the build's output to the unexpected
    }
    System.out.printf("TenantIdLookTest %s %d tenant values: %s: %d statements, %d ms, %d rows deleted%n", kind,
        TENANTS, what, statements.get() - before, (System.nanoTime() - start) / 1_000_000, report.deleted());
    return report;
  }
}
