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
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The look across {@code @TenantId} values matches the values the database returns to the tenants' values in Java, by
 * equality: right only while the tenant column compares exactly. A migration run while the runtime runs (the column
 * given a case-insensitive collation or a {@code char(n)} type, the table replaced by a view) makes the look step aside
 * at the next round: every tenant is visited, each looking for itself, so the rows of a tenant the look would now miss
 * still go; the log says why once, a start line says so, and the look comes back once the column compares exactly
 * again; a table partitioned meanwhile keeps it. PostgreSQL's alone: it is the database whose catalog the look is taken
 * on.
 */
@Timeout(300)
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = {"POSTGRESQL"})
class TenantLookWatchTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String PASS = TenantNote.class.getName();
  static final List<String> TENANTS = List.of("acme", "globex", "initech");
  static final int LIVE = 3;
  static final String STEPS_ASIDE = "TenantNote: the look across its tenants steps aside \\(";

  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention");

  private final RecordingListener listener = new RecordingListener();
  private long nextId;

  TenantLookWatchTest(TestDatabase.Kind kind) {
    super(kind, NOW, TenantNote.class);
  }

  @Override
  protected Map<String, ?> properties() {
    return Map.of("hibernate.tenant_identifier_resolver", new FallbackTenant(TENANTS.get(0)));
  }

  @BeforeEach
  @Override
  protected void openDatabase() {
    super.openDatabase();
    try {
      for (String tenant : TENANTS) {
        for (int n = 1; n <= LIVE; n++) {
          insert(tenant, NOW.plus(Duration.ofDays(n)));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Inserting the tenants' rows on " + kind, e);
    }
  }

  /**
   * Made case-insensitive between two rounds, the column compares {@code 'ACME'} and {@code 'acme'} as one: tenant
   * acme's own statements now take the rows spelled {@code 'ACME'}, which the look returns as a value no tenant has.
   */
  @Test
  void aCollationMadeCaseInsensitiveAfterStartMakesTheLookStepAsideUntilItIsExactAgain() throws SQLException {
    warnings.expect(STEPS_ASIDE + "its tenant column is not known to compare exactly: the scope column tenant has the"
        + " nondeterministic collation retention_ci, which may take values Java tells apart as one\\); every tenant"
        + " is visited");
    try (RetentionRuntime retention = runtime()) {
      firstRoundAndAnIdleOne(retention);

      execute("create collation retention_ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false)",
          "alter table tenant_note alter column tenant type varchar(255) collate retention_ci");
      for (int n = 1; n <= 5; n++) {
        insert("ACME", NOW.minus(Duration.ofMinutes(n)));
      }
      SweepReport aside = round(retention);
      assertEquals(5, aside.deleted(), () -> "acme's rows spelled 'ACME' go: " + aside);
      assertEquals(Set.copyOf(TENANTS), Set.copyOf(visited()), "every tenant visited while the look steps aside");

      round(retention);
      assertEquals(Set.copyOf(TENANTS), Set.copyOf(visited()), "every tenant visited while the look steps aside");
      assertEquals(1, warnings.messages().stream().filter(message -> message.contains("steps aside")).count(),
          () -> "said once: " + warnings.messages());

      execute("alter table tenant_note alter column tenant type varchar(255) collate \"default\"");
      insert("globex", NOW.minus(Duration.ofMinutes(1)));
      SweepReport back = round(retention);
      assertEquals(1, back.deleted(), back::toString);
      assertEquals(List.of("globex"), visited(), "the look is back: only the tenant with expired rows is visited");
    }
    assertEveryLiveRowStaysAndNoExpiredRowIsLeft();
  }

  /**
   * Retyped {@code char(12)}, the column returns {@code 'globex      '}, which equals no tenant's value in Java while
   * tenant globex's own statements, comparing ignoring trailing spaces, take its rows. The start line of the runtime,
   * started after, says the look stepped aside and why.
   */
  @Test
  void aTenantColumnRetypedAfterStartMakesTheLookStepAsideAndTheStartLineSaysSo() throws SQLException {
    String why = "its tenant column is not known to compare exactly: the scope column tenant is character(12), which"
        + " compares ignoring trailing spaces";
    warnings.expect(STEPS_ASIDE + java.util.regex.Pattern.quote(why) + "\\)");
    RetentionRuntime retention = runtime();
    try {
      firstRoundAndAnIdleOne(retention);

      execute("alter table tenant_note alter column tenant type char(12)");
      for (int n = 1; n <= 4; n++) {
        insert("globex", NOW.minus(Duration.ofMinutes(n)));
      }
      SweepReport aside = round(retention);
      assertEquals(4, aside.deleted(), aside::toString);
      assertEquals(Set.copyOf(TENANTS), Set.copyOf(visited()), "every tenant visited while the look steps aside");

      String line = StartLine.of(retention);
      assertTrue(line.contains(", a look per tenant (the look across them stepped aside: " + why + ")"), line);
    } finally {
      retention.close();
    }
    assertEveryLiveRowStaysAndNoExpiredRowIsLeft();
  }

  /** A look is proven over a table, plain or partitioned; the table replaced by a view, it steps aside. */
  @Test
  void aTableReplacedByAViewMakesTheLookStepAside() throws SQLException {
    warnings.expect(STEPS_ASIDE + "its table is now a view\\)");
    try (RetentionRuntime retention = runtime()) {
      firstRoundAndAnIdleOne(retention);

      execute("alter table tenant_note rename to tenant_note_rows",
          "create view tenant_note as select * from tenant_note_rows");
      insert("initech", NOW.minus(Duration.ofMinutes(1)));
      SweepReport aside = round(retention);
      assertEquals(1, aside.deleted(), aside::toString);
      assertEquals(Set.copyOf(TENANTS), Set.copyOf(visited()), "every tenant visited while the look steps aside");
    }
    assertEveryLiveRowStaysAndNoExpiredRowIsLeft();
  }

  /**
   * Partitioned after start, the table is judged again and the look stays: over the parent it reads every partition,
   * as each tenant's statements do. Nothing steps aside, and only the tenant with expired rows is visited.
   */
  @Test
  void aTablePartitionedAfterStartKeepsTheLook() throws SQLException {
    try (RetentionRuntime retention = runtime()) {
      firstRoundAndAnIdleOne(retention);

      execute("alter table tenant_note rename to tenant_note_plain",
          "create table tenant_note (id bigint not null, tenant varchar(255), expiresAt timestamp(6) with time zone"
              + " not null) partition by range (expiresAt)",
          "create table tenant_note_old partition of tenant_note for values from (minvalue) to"
              + " ('2026-03-01 12:00:00+00')",
          "create table tenant_note_new partition of tenant_note for values from ('2026-03-01 12:00:00+00') to"
              + " (maxvalue)",
          "insert into tenant_note select id, tenant, expiresAt from tenant_note_plain",
          "drop table tenant_note_plain");
      insert("globex", NOW.minus(Duration.ofMinutes(1)));
      insert("globex", NOW);
      SweepReport round = round(retention);
      assertEquals(2, round.deleted(), round::toString);
      assertEquals(List.of("globex"), visited(), "the look stays: only the tenant with expired rows is visited");
    }
    assertEquals(List.of(), warnings.messages(), "nothing stepped aside");
    assertEveryLiveRowStaysAndNoExpiredRowIsLeft();
  }

  private RetentionRuntime runtime() {
    return RetentionRuntime.builder(emf).clock(clock).listener(listener).tenants(() -> TENANTS).build();
  }

  /** Every tenant at the first round, which says its value; none at the next, idle: the look is in use. */
  private void firstRoundAndAnIdleOne(RetentionRuntime retention) {
    round(retention);
    assertEquals(Set.copyOf(TENANTS), Set.copyOf(visited()), "the first round visits every tenant");
    round(retention);
    assertEquals(List.of(), visited(), "an idle round visits no tenant: the look is in use");
  }

  private SweepReport round(RetentionRuntime retention) {
    listener.sweeps.clear();
    SweepReport report = retention.sweep(PASS);
    assertTrue(report.failure().isEmpty(), report::toString);
    return report;
  }

  private List<String> visited() {
    return listener.sweeps.stream().map(report -> report.tenant().orElseThrow()).collect(Collectors.toList());
  }

  private void insert(String tenant, Instant expiresAt) throws SQLException {
    try (Connection connection = database.connect(); PreparedStatement insert = connection.prepareStatement(
        "insert into tenant_note (id, tenant, expiresAt) values (?, ?, ?)")) {
      insert.setLong(1, ++nextId);
      insert.setString(2, tenant);
      insert.setTimestamp(3, Timestamp.from(expiresAt));
      insert.executeUpdate();
    }
  }

  private void execute(String... statements) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  private void assertEveryLiveRowStaysAndNoExpiredRowIsLeft() throws SQLException {
    Map<String, Long> live = new TreeMap<>();
    try (Connection connection = database.connect(); PreparedStatement statement = connection.prepareStatement(
        "select tenant::text, sum(case when expiresAt <= ? then 1 else 0 end), count(*) from tenant_note"
            + " group by tenant::text")) {
      statement.setTimestamp(1, Timestamp.from(NOW));
      try (ResultSet result = statement.executeQuery()) {
        while (result.next()) {
          assertEquals(0, result.getLong(2), "expired rows left of " + result.getString(1));
          live.put(result.getString(1).strip(), result.getLong(3));
        }
      }
    }
    assertEquals(TENANTS.stream().collect(Collectors.toMap(tenant -> tenant, tenant -> (long) LIVE, (a, b) -> a,
        TreeMap::new)), live, "every tenant's live rows stay");
  }
}
