package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The invariant with scopes, on random cases: rows of a few tenants and of none, each tenant with a window of its own
 * from configuration, from code, or the pass's, dates around each tenant's cutoff, random batch bounds, on-demand
 * sweeps of one tenant and whole sweeps mixed while the clock moves on. No sweep deletes a row outside its scope (an
 * on-demand sweep) or not expired by its own tenant's window; once drained, the rows left are exactly those that
 * window keeps.
 *
 * <p>Tenants differ by more than case: on MariaDB's default collation {@code ACME} and {@code acme} are one value (see
 * "Scopes" in the user guide). {@code -Dinvariant.seed=<n>} replays a run; {@code -Dinvariant.cases=<n>} changes how
 * many cases it has.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class ScopeInvariantTest {

  private static final Instant ORIGIN = Instant.parse("2026-03-01T12:00:00Z");
  private static final String NOTIFICATIONS = TenantNotification.class.getName();
  private static final List<String> TENANTS = List.of("acme", "globex", "initech", "t-1", "t.2", "umbrella");
  /** A tenant that never has rows, swept on demand now and then. */
  private static final String ABSENT = "absent";
  /** A bound no drain reaches unless a sweep keeps saying work remains for ever. */
  private static final int MAX_DRAINING_SWEEPS = 1_000;

  private final TestDatabase.Kind kind;
  private final TestClock clock = new TestClock(ORIGIN);
  private TestDatabase database;
  private EntityManagerFactory emf;
  /** Keeps the runtime's warnings (each case shortens windows) off the console. */
  private final Logger runtimeLog = Logger.getLogger("dev.retention");
  private final Handler discard = new Handler() {
    @Override
    public void publish(LogRecord record) {}

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  ScopeInvariantTest(TestDatabase.Kind kind) {
    this.kind = kind;
  }

  @BeforeEach
  void openDatabase() {
    database = TestDatabase.create(kind);
    emf = Jpa.factory(database, List.of(TenantNotification.class));
    runtimeLog.addHandler(discard);
    runtimeLog.setUseParentHandlers(false);
  }

  @AfterEach
  void closeDatabase() throws Exception {
    runtimeLog.removeHandler(discard);
    runtimeLog.setUseParentHandlers(true);
    if (database == null) {
      return; // skipped before it was created (-Dtest.databases)
    }
    emf.close();
    database.close();
  }

  /** One generated notification: what the test knows of it, independently of the runtime. */
  private record Row(String tenant, Instant createdAt) {}

  /** The windows of one case: the pass's, and each tenant's from configuration and from code. */
  private record Windows(Duration pass, Map<String, Duration> configured, Map<String, Optional<Duration>> code) {
    /** The window of {@code tenant}'s rows as the guide states it: configuration, then code, then the pass's. */
    Duration of(String tenant) {
      if (tenant == null) {
        return pass;
      }
      if (configured.containsKey(tenant)) {
        return configured.get(tenant);
      }
      return code.getOrDefault(tenant, Optional.empty()).orElse(pass);
    }

    boolean expired(Row row, Instant now) {
      return row.createdAt() != null && !row.createdAt().isAfter(now.minus(of(row.tenant())));
    }
  }

  @Test
  void noRowOutsideItsScopeOrItsWindowIsEverDeleted() {
    long seed = Long.getLong("invariant.seed", System.nanoTime());
    int cases = Integer.getInteger("invariant.cases", 1_000);
    Random random = new Random(seed);
    for (int number = 1; number <= cases; number++) {
      try {
        runCase(random);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError("case " + number + " of the run with -Dinvariant.seed=" + seed + " failed on "
            + database + ": " + e.getMessage(), e);
      }
    }
  }

  private void runCase(Random random) {
    Jpa.run(emf, em -> em.createQuery("delete from TenantNotification").executeUpdate());
    List<String> tenants = new ArrayList<>(TENANTS);
    Collections.shuffle(tenants, random);
    tenants = List.copyOf(tenants.subList(0, 1 + random.nextInt(4)));
    Windows windows = windows(random, tenants);
    Instant now = ORIGIN.plusMillis(random.nextInt(86_400_000));
    Map<Long, Row> rows = rows(random, tenants, windows, now);
    Jpa.persistAll(emf, rows.entrySet().stream()
        .map(row -> new TenantNotification(row.getKey(), row.getValue().tenant(), row.getValue().createdAt()))
        .collect(Collectors.toList()));

    RetentionRuntime.Builder builder = RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .portableStatements(random.nextBoolean())
        .options(NOTIFICATIONS, RetentionOptions.empty()
            .withBatchSize(1 + random.nextInt(8))
            .withMaxBatchesPerSweep(1 + random.nextInt(4))
            .withMaxBatchesPerScope(1 + random.nextInt(3))
            .withScopeSweepBudget(random.nextBoolean() ? Duration.ZERO : Duration.ofMinutes(1))
            .withMinRetention(Duration.ZERO)
            .withRetention(windows.pass()))
        .configuration(windows.configured().entrySet().stream().collect(Collectors.toMap(
            window -> "retention." + NOTIFICATIONS + ".scope." + window.getKey() + ".retention",
            window -> window.getValue().toMinutes() + "m")));
    if (!windows.code().isEmpty() || random.nextBoolean()) {
      builder.scopeWindows(NOTIFICATIONS, tenant -> windows.code().getOrDefault(tenant, Optional.empty()));
    }
    if (random.nextInt(4) == 0) {
      builder.beforeDelete(NOTIFICATIONS, (em, ids) -> { });
    }

    try (RetentionRuntime retention = builder.build()) {
      Map<Long, Row> left = new HashMap<>(rows);
      int sweeps = 1 + random.nextInt(4);
      for (int sweep = 0; sweep < sweeps; sweep++) {
        clock.set(now);
        int pick = random.nextInt(tenants.size() + 3);
        if (pick < tenants.size()) {
          check(retention.sweep(NOTIFICATIONS, tenants.get(pick)), Optional.of(tenants.get(pick)), left, windows, now);
        } else if (pick == tenants.size()) {
          check(retention.sweep(NOTIFICATIONS, (Object) null), Optional.of("null"), left, windows, now);
        } else if (pick == tenants.size() + 1) {
          check(retention.sweep(NOTIFICATIONS, ABSENT), Optional.of(ABSENT), left, windows, now);
        } else {
          check(retention.sweep(NOTIFICATIONS), Optional.empty(), left, windows, now);
        }
        now = now.plusMillis(random.nextInt(3_600_000));
      }

      // Drained at a fixed clock: a whole sweep that says no work remains ended a round of the scopes, but that round
      // may have begun where an earlier sweep stopped, before the clock moved; the next such sweep ends a round that
      // began at this clock, so every scope was swept by its window now.
      clock.set(now);
      int roundsEnded = 0;
      for (int sweep = 0; roundsEnded < 2; sweep++) {
        assertTrue(sweep < MAX_DRAINING_SWEEPS, "the backlog drains");
        if (!check(retention.sweep(NOTIFICATIONS), Optional.empty(), left, windows, now).workRemains()) {
          roundsEnded++;
        }
      }
      Instant drainedAt = now;
      Set<Long> kept = rows.entrySet().stream()
          .filter(row -> !windows.expired(row.getValue(), drainedAt))
          .map(Map.Entry::getKey)
          .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(kept, ids(), "rows left once drained at " + drainedAt + ", windows " + windows + ", rows " + rows);
    }
  }

  /**
   * Checks that every row this sweep deleted belongs to {@code scope} (any, when empty; "null" for the rows without a
   * tenant) and was expired by its own tenant's window at {@code now}, and that the report counts them.
   */
  private SweepReport check(SweepReport report, Optional<String> scope, Map<Long, Row> left, Windows windows,
      Instant now) {
    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    Set<Long> present = ids();
    List<Long> deleted = new ArrayList<>();
    left.entrySet().removeIf(row -> {
      if (present.contains(row.getKey())) {
        return false;
      }
      Row value = row.getValue();
      scope.ifPresent(swept -> assertEquals(swept, String.valueOf(value.tenant()),
          "row " + row + " was deleted by an on-demand sweep of another scope: " + report));
      assertTrue(windows.expired(value, now), "row " + row + " was deleted but is not expired by its window "
          + windows.of(value.tenant()) + " at " + now + ": " + report);
      deleted.add(row.getKey());
      return true;
    });
    assertEquals(deleted.size(), report.deleted(), () -> "rows deleted " + deleted + ", report " + report);
    return report;
  }

  /**
   * The pass's window (zero now and then) and, for each tenant, maybe a window from configuration and maybe one from
   * code, which may also answer empty.
   */
  private static Windows windows(Random random, List<String> tenants) {
    Duration pass = random.nextInt(4) == 0 ? Duration.ZERO : randomWindow(random);
    Map<String, Duration> configured = new TreeMap<>();
    Map<String, Optional<Duration>> code = new TreeMap<>();
    for (String tenant : tenants) {
      if (random.nextInt(3) == 0) {
        configured.put(tenant, randomWindow(random));
      }
      switch (random.nextInt(3)) {
        case 0 -> code.put(tenant, Optional.of(randomWindow(random)));
        case 1 -> code.put(tenant, Optional.empty());
        default -> { }
      }
    }
    return new Windows(pass, configured, code);
  }

  /** Whole minutes, as configuration writes them: zero to about two weeks. */
  private static Duration randomWindow(Random random) {
    return Duration.ofMinutes(random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(20_000));
  }

  /** Up to 30 notifications of the tenants or none, dated on their own tenant's cutoff, either side of it, null, far. */
  private static Map<Long, Row> rows(Random random, List<String> tenants, Windows windows, Instant now) {
    Map<Long, Row> rows = new TreeMap<>();
    int count = random.nextInt(31);
    for (long id = 1; id <= count; id++) {
      int pick = random.nextInt(tenants.size() + 1);
      String tenant = pick < tenants.size() ? tenants.get(pick) : null;
      Instant cutoff = now.minus(windows.of(tenant));
      Instant createdAt = switch (random.nextInt(6)) {
        case 0 -> null;
        case 1 -> cutoff;
        case 2 -> cutoff.plusMillis(1);
        case 3 -> cutoff.minusMillis(1);
        case 4 -> Instant.parse("1971-01-01T00:00:00Z").plusSeconds(random.nextInt(1_000_000));
        default -> cutoff.plusMillis(random.nextInt(14_400_000) - 7_200_000L);
      };
      rows.put(id, new Row(tenant, createdAt));
    }
    return rows;
  }

  private Set<Long> ids() {
    return Jpa.inTransaction(emf, em -> new TreeSet<>(
        em.createQuery("select n.id from TenantNotification n", Long.class).getResultList()));
  }
}
