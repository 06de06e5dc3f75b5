package dev.retention.benchmarks.scopes;

import dev.retention.benchmarks.model.ScopedEvent;
import dev.retention.benchmarks.model.UnscopedEvent;
import dev.retention.it.support.DatabaseUnavailableException;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionPolicy;
import dev.retention.runtime.RetentionRuntime;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --modes=policy}: the application's live query of every row of the multi-tenant table
 * ({@code RetentionPolicy} of all scopes), at {@code --tenants} tenants of the scopes layout, for each source of the
 * tenants' own windows (configuration, code, code with its shortest declared): the time to make the policy, write its
 * JPQL and count the live rows, the values it binds, and the live rows, which must be the layout's rows less the ones
 * every window expires.
 */
public final class PolicySuite {

  private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

  private final TenantLayout layout;
  private final int repeats;
  private final boolean requireServers;
  private final PrintStream print;

  public PolicySuite(int tenants, int repeats, boolean requireServers, PrintStream print) {
    this.layout = new TenantLayout(tenants);
    this.repeats = Math.max(1, repeats);
    this.requireServers = requireServers;
    this.print = print;
  }

  public void run(List<TestDatabase.Kind> kinds) throws SQLException {
    for (TestDatabase.Kind kind : kinds) {
      run(kind);
    }
  }

  private void run(TestDatabase.Kind kind) throws SQLException {
    ScratchDatabase database;
    try {
      database = ScratchDatabase.createOnDisk(kind, "retention_bench_", 0);
    } catch (DatabaseUnavailableException e) {
      if (requireServers) {
        throw new IllegalStateException(e.getMessage() + " (--require-servers=true)", e);
      }
      print.println("[skipped] " + kind.label() + ": " + e.getMessage());
      return;
    }
    try (database) {
      EntityManagerFactory emf = Jpa.factory(database, List.of(ScopedEvent.class, UnscopedEvent.class), Map.of());
      try {
        ScopeTables tables = new ScopeTables(database, layout, NOW);
        tables.reload();
        long expected = layout.rows() - layout.expiredRows();
        for (WindowSource source : WindowSource.values()) {
          RetentionRuntime.Builder builder = RetentionRuntime.builder(emf).clock(Clock.fixed(NOW, ZoneOffset.UTC))
              .zone(ZoneOffset.UTC);
          source.apply(builder, ScopeSuite.SCOPED_PASS, layout);
          try (RetentionRuntime runtime = builder.build()) {
            for (int repeat = 0; repeat <= repeats; repeat++) {
              long start = System.nanoTime();
              RetentionPolicy policy = runtime.policy(ScopedEvent.class);
              long live;
              EntityManager em = emf.createEntityManager();
              try {
                live = policy.bindLive(em.createQuery("select count(e) from ScopedEvent e where "
                    + policy.liveJpql("e"), Long.class), "e").getSingleResult();
              } finally {
                em.close();
              }
              double millis = (System.nanoTime() - start) / 1e6;
              int bound = policy.liveParameters("e").values().stream()
                  .mapToInt(value -> value instanceof Collection<?> values ? values.size() : 1).sum();
              print.printf(Locale.ROOT, "[%s policy %s #%d] %,d tenants x %d rows: one live query %.1f ms, %d values"
                  + " bound, %,d live rows%s%s%n", kind.key(), source.key(), repeat, layout.tenants(),
                  TenantLayout.ROWS_PER_TENANT, millis, bound, live, live == expected ? "" : " (expected "
                  + expected + ")", repeat == 0 ? " (warm-up)" : "");
              if (live != expected) {
                throw new IllegalStateException("The live query counted " + live + " rows on " + kind.label()
                    + " with windows from " + source.key() + ", the sweep keeps " + expected);
              }
            }
          }
        }
      } finally {
        emf.close();
      }
    }
  }
}
