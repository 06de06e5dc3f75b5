package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.scopes.AccountUpload;
import dev.retention.it.scopes.TenantNotification;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RandomCases;
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
import java.util.Objects;
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
 * The invariant with scopes, on random cases: rows of a few scopes and of none, each scope with a window of its own
 * from configuration, from code, or the pass's, dates around each scope's cutoff, random batch bounds, on-demand
 * sweeps of one scope and whole sweeps mixed while the clock moves on. Two entities take turns: tenant notifications
 * ({@code String} scope, bulk statements) and account uploads ({@code Long} scope, swept on demand by value or by text,
 * a condition that keeps pinned uploads, entity removal). No sweep deletes a row outside its scope (an on-demand
 * sweep), its condition, or not expired by its own scope's window; once drained, the rows left are exactly those.
 *
 * <p>Tenants differ by more than case: on MariaDB's default collation {@code ACME} and {@code acme} are one value (see
 * "Scopes" in the user guide). {@code -Dinvariant.seed=<n>} replays a run; {@code -Dinvariant.scope.cases=<n>} changes
 * how many cases it has ({@link RandomCases}).
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class ScopeInvariantTest {

  private static final Instant ORIGIN = Instant.parse("2026-03-01T12:00:00Z");
  /** A bound no drain reaches unless a sweep keeps saying work remains for ever. */
  private static final int MAX_DRAINING_SWEEPS = 1_000;

  /** The entity of a case, with the scope values its rows may have. */
  private enum Subject {
    NOTIFICATIONS(TenantNotification.class, "createdAt",
        List.of("acme", "globex", "initech", "t-1", "t.2", "umbrella"), false),
    UPLOADS(AccountUpload.class, "uploadedAt", List.of(-3L, 7L, 42L, 1_000L, 9_000_000_000L), true);

    final Class<?> entity;
    final String ttlAttribute;
    final String pass;
    final List<Object> scopes;
    final boolean pinnable;

    Subject(Class<?> entity, String ttlAttribute, List<Object> scopes, boolean pinnable) {
      this.entity = entity;
      this.ttlAttribute = ttlAttribute;
      this.pass = entity.getName();
      this.scopes = scopes;
      this.pinnable = pinnable;
    }

    Object entity(long id, Row row) {
      return this == NOTIFICATIONS
          ? new TenantNotification(id, (String) row.scope(), row.at())
          : new AccountUpload(id, (Long) row.scope(), row.pinned(), row.at());
    }
  }

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
    emf = Jpa.factory(database, List.of(TenantNotification.class, AccountUpload.class));
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

  /** One generated row: what the test knows of it, independently of the runtime. */
  private record Row(Object scope, boolean pinned, Instant at) {}

  /** The windows of one case: the pass's, and each scope's from configuration and from code. */
  private record Windows(Duration pass, Map<Object, Duration> configured, Map<Object, Optional<Duration>> code) {
    /** The window of {@code scope}'s rows as the guide states it: configuration, then code, then the pass's. */
    Duration of(Object scope) {
      if (scope == null) {
        return pass;
      }
      if (configured.containsKey(scope)) {
        return configured.get(scope);
      }
      return code.getOrDefault(scope, Optional.empty()).orElse(pass);
    }

    /** Whether {@code row} is expired at {@code now}: dated, not pinned, and at or before its scope's cutoff. */
    boolean expired(Row row, Instant now) {
      return row.at() != null && !row.pinned() && !row.at().isAfter(now.minus(of(row.scope())));
    }
  }

  @Test
  void noRowOutsideItsScopeItsConditionOrItsWindowIsEverDeleted() {
    RandomCases.run("scope", database, this::runCase);
  }

  private void runCase(Random random) {
    Subject subject = random.nextInt(3) == 0 ? Subject.UPLOADS : Subject.NOTIFICATIONS;
    AccountUpload.REMOVED.clear();
    String entityName = subject.entity.getSimpleName();
    Jpa.run(emf, em -> em.createQuery("delete from " + entityName).executeUpdate());
    List<Object> scopes = new ArrayList<>(subject.scopes);
    Collections.shuffle(scopes, random);
    scopes = List.copyOf(scopes.subList(0, 1 + random.nextInt(4)));
    Windows windows = windows(random, scopes);
    Instant now = ORIGIN.plusMillis(random.nextInt(86_400_000));
    Map<Long, Row> generated = rows(random, subject, scopes, windows, now);
    Jpa.persistAll(emf, generated.entrySet().stream()
        .map(row -> subject.entity(row.getKey(), row.getValue()))
        .collect(Collectors.toList()));
    // What the database holds is what a sweep judges: a column of coarser precision than the generated instants
    // (EclipseLink's TIMESTAMP on MariaDB keeps whole seconds) stores an earlier value.
    Map<Long, Row> rows = stored(subject, generated);

    RetentionRuntime.Builder builder = RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .portableStatements(random.nextBoolean())
        .options(subject.pass, RetentionOptions.empty()
            .withBatchSize(1 + random.nextInt(8))
            .withMaxBatchesPerSweep(1 + random.nextInt(4))
            .withMaxBatchesPerScope(1 + random.nextInt(3))
            .withScopeSweepBudget(random.nextBoolean() ? Duration.ZERO : Duration.ofMinutes(1))
            .withMinRetention(Duration.ZERO)
            .withRetention(windows.pass()))
        .configuration(windows.configured().entrySet().stream().collect(Collectors.toMap(
            window -> "retention." + subject.pass + ".scope." + window.getKey() + ".retention",
            window -> window.getValue().toMinutes() + "m")));
    if (!windows.code().isEmpty() || random.nextBoolean()) {
      builder.scopeWindows(subject.pass, scope -> windows.code().getOrDefault(scope, Optional.empty()));
    }
    if (random.nextInt(4) == 0) {
      builder.beforeDelete(subject.pass, (em, batch) -> { });
    }

    try (RetentionRuntime retention = builder.build()) {
      Map<Long, Row> left = new HashMap<>(rows);
      int sweeps = 1 + random.nextInt(4);
      for (int sweep = 0; sweep < sweeps; sweep++) {
        clock.set(now);
        int pick = random.nextInt(scopes.size() + 3);
        if (pick <= scopes.size()) {
          // A scope of the case, or null: the rows without one. A Long is given as itself or as its text.
          Object scope = pick < scopes.size() ? scopes.get(pick) : null;
          Object argument = scope instanceof Long && random.nextBoolean() ? scope.toString() : scope;
          check(retention.sweep(subject.pass, argument), true, scope, subject, left, windows, now);
        } else if (pick == scopes.size() + 1) {
          Object absent = subject.scopes.stream().filter(value -> !rows.values().stream()
              .map(Row::scope).toList().contains(value)).findFirst().orElse(null);
          check(retention.sweep(subject.pass, absent), true, absent, subject, left, windows, now);
        } else {
          check(retention.sweep(subject.pass), false, null, subject, left, windows, now);
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
        if (!check(retention.sweep(subject.pass), false, null, subject, left, windows, now).workRemains()) {
          roundsEnded++;
        }
      }
      Instant drainedAt = now;
      Set<Long> kept = rows.entrySet().stream()
          .filter(row -> !windows.expired(row.getValue(), drainedAt))
          .map(Map.Entry::getKey)
          .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(kept, ids(subject), "rows of " + entityName + " left once drained at " + drainedAt + ", windows "
          + windows + ", rows " + rows);
    }
  }

  /**
   * Checks that every row this sweep deleted belongs to {@code scope} when {@code onDemand}, meets the condition, and
   * was expired by its own scope's window at {@code now}, and that the report counts them.
   */
  private SweepReport check(SweepReport report, boolean onDemand, Object scope, Subject subject, Map<Long, Row> left,
      Windows windows, Instant now) {
    assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
    Set<Long> present = ids(subject);
    List<Long> deleted = new ArrayList<>();
    left.entrySet().removeIf(row -> {
      if (present.contains(row.getKey())) {
        return false;
      }
      Row value = row.getValue();
      assertTrue(!onDemand || Objects.equals(scope, value.scope()),
          () -> "row " + row + " was deleted by an on-demand sweep of scope " + scope + ": " + report);
      assertTrue(windows.expired(value, now), "row " + row + " was deleted but is pinned or not expired by its window "
          + windows.of(value.scope()) + " at " + now + ": " + report);
      deleted.add(row.getKey());
      return true;
    });
    assertEquals(deleted.size(), report.deleted(), () -> "rows deleted " + deleted + ", report " + report);
    return report;
  }

  /**
   * The pass's window (zero now and then) and, for each scope, maybe a window from configuration and maybe one from
   * code, which may also answer empty.
   */
  private static Windows windows(Random random, List<Object> scopes) {
    Duration pass = random.nextInt(4) == 0 ? Duration.ZERO : randomWindow(random);
    Map<Object, Duration> configured = new HashMap<>();
    Map<Object, Optional<Duration>> code = new HashMap<>();
    for (Object scope : scopes) {
      if (random.nextInt(3) == 0) {
        configured.put(scope, randomWindow(random));
      }
      switch (random.nextInt(3)) {
        case 0 -> code.put(scope, Optional.of(randomWindow(random)));
        case 1 -> code.put(scope, Optional.empty());
        default -> { }
      }
    }
    return new Windows(pass, configured, code);
  }

  /** Whole minutes, as configuration writes them: zero to about two weeks. */
  private static Duration randomWindow(Random random) {
    return Duration.ofMinutes(random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(20_000));
  }

  /**
   * Up to 30 rows of the scopes or none, dated on their own scope's cutoff, either side of it, null, far; a third of
   * the uploads pinned.
   */
  private static Map<Long, Row> rows(Random random, Subject subject, List<Object> scopes, Windows windows,
      Instant now) {
    Map<Long, Row> rows = new TreeMap<>();
    int count = random.nextInt(31);
    for (long id = 1; id <= count; id++) {
      int pick = random.nextInt(scopes.size() + 1);
      Object scope = pick < scopes.size() ? scopes.get(pick) : null;
      Instant cutoff = now.minus(windows.of(scope));
      Instant at = switch (random.nextInt(6)) {
        case 0 -> null;
        case 1 -> cutoff;
        case 2 -> cutoff.plusMillis(1);
        case 3 -> cutoff.minusMillis(1);
        case 4 -> Instant.parse("1971-01-01T00:00:00Z").plusSeconds(random.nextInt(1_000_000));
        default -> cutoff.plusMillis(random.nextInt(14_400_000) - 7_200_000L);
      };
      rows.put(id, new Row(scope, subject.pinnable && random.nextInt(3) == 0, at));
    }
    return rows;
  }

  /** {@code generated} with each row's date as the database holds it. */
  private Map<Long, Row> stored(Subject subject, Map<Long, Row> generated) {
    Map<Long, Row> stored = new TreeMap<>();
    List<?> read = Jpa.inTransaction(emf, em -> em.createQuery("select e.id, e." + subject.ttlAttribute + " from "
        + subject.entity.getSimpleName() + " e").getResultList());
    for (Object each : read) {
      Object[] row = (Object[]) each;
      Row written = generated.get((Long) row[0]);
      stored.put((Long) row[0], new Row(written.scope(), written.pinned(), (Instant) row[1]));
    }
    return stored;
  }

  private Set<Long> ids(Subject subject) {
    return Jpa.inTransaction(emf, em -> new TreeSet<>(em.createQuery(
        "select e.id from " + subject.entity.getSimpleName() + " e", Long.class).getResultList()));
  }
}
