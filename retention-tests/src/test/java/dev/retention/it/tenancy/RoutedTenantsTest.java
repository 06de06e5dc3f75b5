package dev.retention.it.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionConfigurationException;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A schema per tenant that Hibernate knows nothing of: a routing data source picks each connection's schema by a key the
 * application sets for the thread. The runtime cannot tell the tenants apart by itself; told them and how to run work
 * as one ({@code runAsTenant}), it sweeps each; told them without it, it refuses to build, since each tenant's sweep
 * would sweep the same rows. A sign-in's sweep of one tenant waits for no other tenant's sweep.
 *
 * <p>On Hibernate 7.4 alone: the routing {@code DataSource} is handed to Hibernate by its
 * {@code hibernate.connection.datasource}.
 */
@Timeout(120)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class RoutedTenantsTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String PASS = SessionToken.class.getName();
  static final List<String> TENANTS = List.of("t1", "t2", "t3");
  static final int EXPIRED = 25;
  static final int LIVE = 10;

  RoutedTenantsTest(TestDatabase.Kind kind) {
    super(kind, NOW, SessionToken.class);
  }

  @Override
  protected Map<String, ?> properties() {
    return Map.of("hibernate.connection.datasource", new RoutingDataSource(database));
  }

  @BeforeEach
  @Override
  protected void openDatabase() {
    super.openDatabase();
    try {
      SchemaPerTenant.createSchemas(database, "session_token", TENANTS);
    } catch (SQLException e) {
      throw new IllegalStateException("Creating the tenants' schemas on " + kind, e);
    }
    for (String tenant : TENANTS) {
      RoutingDataSource.TENANT.set(tenant);
      try {
        List<SessionToken> rows = new java.util.ArrayList<>();
        for (long id = 1; id <= EXPIRED + LIVE; id++) {
          rows.add(new SessionToken(id, id <= EXPIRED ? NOW.minus(Duration.ofMinutes(id))
              : NOW.plus(Duration.ofDays(id))));
        }
        Jpa.persistAll(emf, rows);
      } finally {
        RoutingDataSource.TENANT.remove();
      }
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
  void tenantsWithoutAWayToReachThemFailTheBuild() {
    RetentionConfigurationException refused = assertThrows(RetentionConfigurationException.class,
        () -> RetentionRuntime.builder(emf).clock(clock).tenants(() -> TENANTS).build());

    assertTrue(refused.getMessage().contains("tenants(...) was given, but the EntityManagerFactory's sessions see every"
        + " row") && refused.getMessage().contains("Give runAsTenant(...)"), refused::getMessage);
  }

  @Test
  void everyTenantIsSweptInsideTheApplicationsRunner() throws SQLException {
    try (RetentionRuntime retention = routed().build()) {
      SweepReport round = retention.sweepAll().get(0);

      assertTrue(round.succeeded(), round::toString);
      assertEquals(3L * EXPIRED, round.deleted(), round::toString);
    }
    for (String tenant : TENANTS) {
      assertEquals(0, rows(tenant, true), tenant);
      assertEquals(LIVE, rows(tenant, false), tenant);
    }
    assertEquals(0, rows(null, true) + rows(null, false), "the default schema, where no key routes, is empty");
  }

  /**
   * The background round is held inside tenant t2's sweep; a sign-in's sweep of t3 on another thread runs all the
   * same, and deletes t3's rows alone.
   */
  @Test
  void aSignInSweepOfOneTenantWaitsForNoOtherTenantsSweep() throws Exception {
    CountDownLatch insideT2 = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    RecordingListener listener = new RecordingListener();
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).listener(listener)
        .tenants(() -> TENANTS)
        .runAsTenant((tenant, work) -> {
          RoutingDataSource.TENANT.set(tenant);
          try {
            if (tenant.equals("t2") && Thread.currentThread().getName().equals("round")) {
              insideT2.countDown();
              await(release);
            }
            work.run();
          } finally {
            RoutingDataSource.TENANT.remove();
          }
        }).build()) {
      CompletableFuture<SweepReport> round = new CompletableFuture<>();
      Thread background = new Thread(() -> round.complete(retention.sweep(PASS)), "round");
      background.start();
      assertTrue(insideT2.await(30, TimeUnit.SECONDS), "the round reached t2");

      SweepReport signIn = retention.sweepTenant(PASS, "t3");

      assertTrue(signIn.succeeded(), signIn::toString);
      assertEquals(EXPIRED, signIn.deleted(), signIn::toString);
      assertEquals(0, rows("t3", true));
      assertEquals(EXPIRED, rows("t2", true), "t2's sweep is still held");
      release.countDown();
      assertEquals(2L * EXPIRED, round.get(30, TimeUnit.SECONDS).deleted());
    }
    for (String tenant : TENANTS) {
      assertEquals(0, rows(tenant, true), tenant);
      assertEquals(LIVE, rows(tenant, false), tenant);
    }
  }

  private RetentionRuntime.Builder routed() {
    return RetentionRuntime.builder(emf).clock(clock).tenants(() -> TENANTS)
        .runAsTenant((tenant, work) -> {
          RoutingDataSource.TENANT.set(tenant);
          try {
            work.run();
          } finally {
            RoutingDataSource.TENANT.remove();
          }
        });
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("never released");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The expired (or live) rows of {@code tenant}'s table; null: of the default schema's, where no key routes. */
  private long rows(String tenant, boolean expired) throws SQLException {
    String table = tenant == null ? "session_token" : SchemaPerTenant.qualified(database, tenant, "session_token");
    try (Connection connection = database.connect(); PreparedStatement statement = connection.prepareStatement(
        "select count(*) from " + table + " where expiresAt " + (expired ? "<=" : ">") + " ?")) {
      statement.setTimestamp(1, Timestamp.from(NOW));
      try (ResultSet result = statement.executeQuery()) {
        result.next();
        return result.getLong(1);
      }
    }
  }
}
