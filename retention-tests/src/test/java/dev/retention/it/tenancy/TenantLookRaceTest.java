package dev.retention.it.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.DatabaseSuite;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A writer that commits expired rows after a round's look across the {@code @TenantId} values and before its sweeps:
 * one in a tenant the look did not find, one in the tenant being swept. The look decides only which tenants a round
 * visits, so the first row waits for the next round, which takes it; nothing else is lost, and every live row stays.
 * The writer runs from Hibernate's statement inspector, at the first statement after the look, so the order is fixed
 * and nothing waits on time.
 */
@Timeout(300)
@ParameterizedClass(name = "{0}")
@EnumSource(value = TestDatabase.Kind.class, names = {"POSTGRESQL", "MARIADB"})
class TenantLookRaceTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String PASS = TenantNote.class.getName();
  static final List<String> TENANTS = List.of("t1", "t2", "t3", "t4");
  static final long LATE_IN_UNVISITED = 9001;
  static final long LATE_IN_VISITED = 9002;

  /** Set when the writer is to run after the next look. */
  private final AtomicBoolean armed = new AtomicBoolean();
  /** Set by the look's statement, while armed: the next statement runs the writer first. */
  private final AtomicBoolean looked = new AtomicBoolean();
  private final CountDownLatch written = new CountDownLatch(1);
  private final AtomicLong nextId = new AtomicLong();

  TenantLookRaceTest(TestDatabase.Kind kind) {
    super(kind, NOW, TenantNote.class);
  }

  @Override
  protected Map<String, ?> properties() {
    org.hibernate.resource.jdbc.spi.StatementInspector writerAfterTheLook = sql -> {
      if (armed.get() && sql.startsWith("select distinct")) {
        looked.set(true);
      } else if (looked.get() && armed.compareAndSet(true, false)) {
        try {
          insert(LATE_IN_UNVISITED, "t3", NOW.minus(Duration.ofMinutes(1)));
          insert(LATE_IN_VISITED, "t2", NOW.minus(Duration.ofMinutes(1)));
        } catch (SQLException e) {
          throw new IllegalStateException("The writer after the look failed", e);
        }
        written.countDown();
      }
      return sql;
    };
    return Map.of("hibernate.tenant_identifier_resolver", new FallbackTenant(TENANTS.get(0)),
        "hibernate.session_factory.statement_inspector", writerAfterTheLook);
  }

  @BeforeEach
  @Override
  protected void openDatabase() {
    super.openDatabase();
    try {
      for (String tenant : TENANTS) {
        insert(nextId.incrementAndGet(), tenant, NOW.plus(Duration.ofDays(1)));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Inserting the tenants' rows on " + kind, e);
    }
  }

  @Test
  void aRowCommittedAfterTheLookIsTakenByTheNextRoundAndNothingElseIsLost() throws SQLException {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).tenants(() -> TENANTS).build()) {
      retention.sweep(PASS); // every tenant visited once, saying its value
      for (int n = 0; n < 3; n++) {
        insert(nextId.incrementAndGet(), "t2", NOW.minus(Duration.ofHours(1)));
      }

      armed.set(true);
      SweepReport raced = retention.sweep(PASS);
      assertTrue(raced.failure().isEmpty(), raced::toString);
      assertEquals(0, written.getCount(), "the writer ran between the look and the sweep");
      assertTrue(present(LATE_IN_UNVISITED), "the look, run before it was written, did not send the round to t3");

      SweepReport next = retention.sweep(PASS);
      assertTrue(next.failure().isEmpty(), next::toString);
      assertEquals(5, raced.deleted() + next.deleted(), () -> raced + " then " + next);
    }
    assertEquals(0, count("select count(*) from tenant_note where expiresAt <= ?"), "no expired row is left");
    assertEquals(TENANTS.size(), count("select count(*) from tenant_note where expiresAt > ?"),
        "every live row stays");
  }

  private void insert(long id, String tenant, Instant expiresAt) throws SQLException {
    try (Connection connection = database.connect(); PreparedStatement insert = connection.prepareStatement(
        "insert into tenant_note (id, tenant, expiresAt) values (?, ?, ?)")) {
      insert.setLong(1, id);
      insert.setString(2, tenant);
      insert.setTimestamp(3, Timestamp.from(expiresAt));
      insert.executeUpdate();
    }
  }

  private boolean present(long id) throws SQLException {
    try (Connection connection = database.connect(); PreparedStatement query = connection.prepareStatement(
        "select count(*) from tenant_note where id = ?")) {
      query.setLong(1, id);
      try (ResultSet result = query.executeQuery()) {
        result.next();
        return result.getLong(1) == 1;
      }
    }
  }

  private long count(String sql) throws SQLException {
    try (Connection connection = database.connect(); PreparedStatement query = connection.prepareStatement(sql)) {
      query.setTimestamp(1, Timestamp.from(NOW));
      try (ResultSet result = query.executeQuery()) {
        result.next();
        return result.getLong(1);
      }
    }
  }
}
