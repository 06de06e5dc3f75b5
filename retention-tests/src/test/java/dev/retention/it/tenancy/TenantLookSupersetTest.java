package dev.retention.it.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.retention.it.support.DatabaseSuite;
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
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The look across {@code @TenantId} values states the date alone, so it finds every tenant whose own sweep would delete
 * something, and perhaps one whose rows Hibernate hides (a visit that finds nothing): never fewer. Proven here over what
 * Hibernate adds to each tenant's statements (an auto-enabled filter, a forced discriminator), a partitioned table,
 * and a converter, which the look declines, saying why. After each round, each tenant's own sweep
 * ({@code sweepTenant}, which looks for itself) must find nothing the round left; rows Hibernate hides stay; every live
 * row stays. On H2, where the look is not taken, each tenant's sweep looks for itself and the same holds.
 */
@Timeout(300)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class TenantLookSupersetTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final List<String> TENANTS = List.of("t1", "t2", "t3");
  static final String LOOK = ", its tenants' @TenantId values looked at together once a round";

  private final RecordingListener listener = new RecordingListener();
  private long nextId;

  TenantLookSupersetTest(TestDatabase.Kind kind) {
    super(kind, NOW, HeldTenantNote.class, TenantEvent.class, ConvertedTenantNote.class, TenantNote.class);
  }

  @Override
  protected Map<String, ?> properties() {
    return Map.of("hibernate.tenant_identifier_resolver", new FallbackTenant(TENANTS.get(0)));
  }

  private boolean looks() {
    return kind != TestDatabase.Kind.H2;
  }

  /** Held notes are hidden from every session: they stay, and every expired note not held goes. */
  @Test
  void anAutoEnabledFilterHidesRowsTheLookMayFindButNoneItMisses() throws SQLException {
    String insert = "insert into held_tenant_note (id, tenant, hold, expires_at) values (?, ?, ?, ?)";
    for (String tenant : TENANTS) {
      execute(insert, ++nextId, tenant, false, Timestamp.from(NOW.plus(Duration.ofDays(1))));
    }
    execute(insert, ++nextId, "t3", true, Timestamp.from(NOW.minus(Duration.ofDays(1))));

    sweepsEveryVisibleExpiredRow(HeldTenantNote.class.getName(), tenant -> {
      execute(insert, ++nextId, tenant, false, Timestamp.from(NOW.minus(Duration.ofMinutes(1))));
    });
    assertEquals(1, count("select count(*) from held_tenant_note where hold"), "the held note stays");
    assertEquals(TENANTS.size(), count("select count(*) from held_tenant_note where not hold"),
        "the live notes stay, the expired ones went");
  }

  /** Events of the other application's kind are hidden by the forced discriminator: they stay. */
  @Test
  void aForcedDiscriminatorHidesRowsTheLookMayFindButNoneItMisses() throws SQLException {
    String insert = "insert into tenant_event (kind, id, tenant, expires_at) values (?, ?, ?, ?)";
    for (String tenant : TENANTS) {
      execute(insert, "mapped", ++nextId, tenant, Timestamp.from(NOW.plus(Duration.ofDays(1))));
    }
    execute(insert, "other", ++nextId, "t3", Timestamp.from(NOW.minus(Duration.ofDays(1))));

    sweepsEveryVisibleExpiredRow(TenantEvent.class.getName(), tenant -> {
      execute(insert, "mapped", ++nextId, tenant, Timestamp.from(NOW.minus(Duration.ofMinutes(1))));
    });
    assertEquals(1, count("select count(*) from tenant_event where kind = 'other'"), "the other kind stays");
    assertEquals(TENANTS.size(), count("select count(*) from tenant_event where kind = 'mapped'"),
        "the live events stay, the expired ones went");
  }

  /** A partitioned table: the look over its parent reads every partition, as each tenant's statements do. */
  @Test
  void aPartitionedTableIsLookedAtAcrossItsPartitions() throws SQLException {
    assumeTrue(kind == TestDatabase.Kind.POSTGRESQL, "partitions are PostgreSQL's");
    execute("drop table tenant_note");
    execute("create table tenant_note (id bigint not null, tenant varchar(255), expiresAt timestamp(6) with time zone"
        + " not null, primary key (id, expiresAt)) partition by range (expiresAt)");
    execute("create table tenant_note_old partition of tenant_note for values from (minvalue) to"
        + " ('2026-03-01 11:59:30+00')");
    execute("create table tenant_note_new partition of tenant_note for values from ('2026-03-01 11:59:30+00') to"
        + " (maxvalue)");
    String insert = "insert into tenant_note (id, tenant, expiresAt) values (?, ?, ?)";
    for (String tenant : TENANTS) {
      execute(insert, ++nextId, tenant, Timestamp.from(NOW.plus(Duration.ofDays(1))));
    }

    // An expired row in each partition: a minute before the cutoff (old), and at the cutoff itself (new).
    sweepsEveryVisibleExpiredRow(TenantNote.class.getName(), tenant -> {
      execute(insert, ++nextId, tenant, Timestamp.from(NOW.minus(Duration.ofMinutes(1))));
      execute(insert, ++nextId, tenant, Timestamp.from(NOW));
    });
    assertEquals(TENANTS.size(), count("select count(*) from tenant_note"), "the live rows stay");
  }

  /**
   * A converter stores what native SQL would not compare with the cutoff: the look declines, and the start line says
   * why; each tenant's sweep looks for itself, and every expired row goes.
   */
  @Test
  void aConverterOnTheTtlAttributeKeepsALookPerTenant() throws SQLException {
    String pass = ConvertedTenantNote.class.getName();
    String line = StartLine.of(runtime());
    assertTrue(passLine(line, pass).contains(looks() ? ", a look per tenant (the @Ttl attribute expiresAt has an"
        + " AttributeConverter, which native SQL would not apply to the cutoff)" : ", a look per tenant ("), line);

    ZoneId losAngeles = ZoneId.of("America/Los_Angeles");
    String insert = "insert into converted_tenant_note (id, tenant, expires_at) values (?, ?, ?)";
    for (String tenant : TENANTS) {
      execute(insert, ++nextId, tenant,
          Timestamp.valueOf(LocalDateTime.ofInstant(NOW.plus(Duration.ofDays(1)), losAngeles)));
      execute(insert, ++nextId, tenant,
          Timestamp.valueOf(LocalDateTime.ofInstant(NOW.minus(Duration.ofMinutes(1)), losAngeles)));
    }
    try (RetentionRuntime retention = runtime()) {
      SweepReport round = retention.sweep(pass);
      assertEquals(TENANTS.size(), round.deleted(), round::toString);
    }
    assertEquals(TENANTS.size(), count("select count(*) from converted_tenant_note"), "the live rows stay");
  }

  /**
   * Builds a runtime, says which way its tenants are looked at, runs a first round (every tenant visited), adds
   * expired rows to t2 alone, and runs another: where the look is taken (PostgreSQL, MariaDB) it visits t2 and t3,
   * whose hidden rows it finds (in vain), and not t1; each tenant's own sweep then finds nothing left.
   */
  private void sweepsEveryVisibleExpiredRow(String pass, Expiring expire) throws SQLException {
    String line = StartLine.of(runtime());
    assertTrue(passLine(line, pass).contains(looks() ? LOOK : ", a look per tenant ("), line);
    try (RetentionRuntime retention = runtime()) {
      retention.sweep(pass);
      expire.in("t2");
      listener.sweeps.clear();
      SweepReport round = retention.sweep(pass);
      assertTrue(round.failure().isEmpty(), round::toString);
      Set<String> visited = listener.sweeps.stream().map(report -> report.tenant().orElseThrow())
          .collect(Collectors.toCollection(TreeSet::new));
      assertTrue(visited.contains("t2"), () -> "the tenant with expired rows is visited: " + visited);
      if (looks() && !pass.equals(TenantNote.class.getName())) {
        assertEquals(Set.of("t2", "t3"), visited, "the look finds t3's hidden rows too, never fewer than t2");
      } else if (looks()) {
        assertEquals(Set.of("t2"), visited, "only the tenant with expired rows is visited");
      }
      for (String tenant : TENANTS) {
        SweepReport own = retention.sweepTenant(pass, tenant);
        assertEquals(0, own.deleted(), () -> "the round left rows of " + tenant + ": " + own);
      }
    }
  }

  /** Writes expired rows a tenant's sweep sees. */
  private interface Expiring {
    void in(String tenant) throws SQLException;
  }

  private RetentionRuntime runtime() {
    return RetentionRuntime.builder(emf).clock(clock).listener(listener).tenants(() -> TENANTS).build();
  }

  /** The start line's line of {@code pass}. */
  private static String passLine(String line, String pass) {
    return Arrays.stream(line.split(System.lineSeparator())).filter(each -> each.startsWith("  " + pass + ":"))
        .findFirst().orElseThrow(() -> new AssertionError("no line of " + pass + " in " + line));
  }

  private void execute(String sql, Object... values) throws SQLException {
    try (Connection connection = database.connect()) {
      if (values.length == 0) {
        try (Statement statement = connection.createStatement()) {
          statement.execute(sql);
        }
        return;
      }
      try (PreparedStatement statement = connection.prepareStatement(sql)) {
        for (int i = 0; i < values.length; i++) {
          statement.setObject(i + 1, values[i]);
        }
        statement.executeUpdate();
      }
    }
  }

  private long count(String sql) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      result.next();
      return result.getLong(1);
    }
  }
}
