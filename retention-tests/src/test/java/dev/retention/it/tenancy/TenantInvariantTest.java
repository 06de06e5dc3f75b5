package dev.retention.it.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RandomCases;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The tenant dimension of the invariants, in random cases over one {@code @TenantId} table, where a statement that
 * escaped the tenant's filter would delete another tenant's rows: between two and five tenants, rows on, either side
 * of and around the cutoff (nulls among them), random batch bounds. A sweep of one tenant deletes only that tenant's
 * expired rows, as many as it reports, all of them when it says no work remains, and leaves every other tenant's rows
 * as they were; rounds until none says work remains leave exactly the live rows of every tenant. Rows are read by plain
 * SQL, past every filter, and judged by an oracle in Java.
 *
 * <p>On Hibernate 7.4 alone: the suite is of Hibernate's {@code @TenantId}.
 */
@Timeout(600)
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class TenantInvariantTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final String PASS = TenantNote.class.getName();

  TenantInvariantTest(TestDatabase.Kind kind) {
    super(kind, NOW, TenantNote.class);
  }

  @Override
  protected Map<String, ?> properties() {
    return Map.of("hibernate.tenant_identifier_resolver", new FallbackTenant("t0"));
  }

  @Test
  void aTenantsSweepTouchesOnlyItsOwnExpiredRowsAndRoundsLeaveEveryLiveRow() {
    RandomCases.run("tenant", kind, 40, this::oneCase);
  }

  private void oneCase(Random random) {
    clear();
    List<String> tenants = new ArrayList<>();
    for (int index = 0; index < 2 + random.nextInt(4); index++) {
      tenants.add("t" + index);
    }
    Map<Long, Instant> expiry = new HashMap<>();
    long id = 0;
    for (String tenant : tenants) {
      int rows = random.nextInt(40);
      List<TenantNote> notes = new ArrayList<>();
      for (int row = 0; row < rows; row++) {
        Instant at = RandomCases.dateAround(random, NOW, Duration.ofMinutes(10));
        notes.add(new TenantNote(++id, at));
        expiry.put(id, at);
      }
      inTenant(tenant, em -> notes.forEach(em::persist));
    }
    RetentionOptions bounds = RetentionOptions.empty().withBatchSize(1 + random.nextInt(15))
        .withMaxBatchesPerScope(1 + random.nextInt(4)).withMaxBatchesPerSweep(1 + random.nextInt(6));
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).defaults(bounds)
        .tenants(() -> tenants).build()) {
      for (int step = 0; step < 3; step++) {
        String tenant = tenants.get(random.nextInt(tenants.size()));
        Map<Long, String> before = rows();
        SweepReport report = retention.sweepTenant(PASS, tenant);
        Map<Long, String> after = rows();

        assertTrue(report.failure().isEmpty(), report::toString);
        List<Long> deleted = before.keySet().stream().filter(row -> !after.containsKey(row)).toList();
        assertEquals(report.deleted(), deleted.size(), report::toString);
        for (long row : deleted) {
          assertEquals(tenant, before.get(row), () -> "row " + row + " of another tenant went in " + report);
          assertTrue(expired(expiry.get(row)), () -> "live row " + row + " (" + expiry.get(row) + ") went");
        }
        if (!report.workRemains()) {
          before.forEach((row, owner) -> assertTrue(!owner.equals(tenant) || !expired(expiry.get(row))
              || !after.containsKey(row), () -> "expired row " + row + " of " + tenant + " left, no work said"));
        }
      }
      int rounds = 0;
      SweepReport round;
      do {
        round = retention.sweep(PASS);
        assertTrue(round.failure().isEmpty(), round::toString);
        rounds++;
      } while (round.workRemains() && rounds < 500);
    }
    Map<Long, String> left = rows();
    Map<Long, String> live = new TreeMap<>();
    expiry.forEach((row, at) -> {
      if (!expired(at)) {
        live.put(row, null);
      }
    });
    assertEquals(live.keySet(), new TreeMap<>(left).keySet(), "the rows left are exactly the live rows");
  }

  private static boolean expired(Instant at) {
    return at != null && !at.isAfter(NOW);
  }

  /** Every row, by id, with its tenant, by plain SQL. */
  private Map<Long, String> rows() {
    Map<Long, String> rows = new HashMap<>();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("select id, tenant from tenant_note")) {
      while (result.next()) {
        rows.put(result.getLong(1), result.getString(2));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Reading tenant_note on " + kind, e);
    }
    return rows;
  }

  private void clear() {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute("delete from tenant_note");
    } catch (SQLException e) {
      throw new IllegalStateException("Clearing tenant_note on " + kind, e);
    }
  }

  private void inTenant(String tenant, java.util.function.Consumer<EntityManager> work) {
    Jpa.inTransaction(emf, Map.of("org.hibernate.tenantId", tenant), em -> {
      work.accept(em);
      return null;
    });
  }
}
