package dev.retention.benchmarks.scopes;

import dev.retention.benchmarks.database.StatementCounter;
import dev.retention.benchmarks.model.ScopedEvent;
import dev.retention.benchmarks.model.UnscopedEvent;
import dev.retention.it.support.DatabaseUnavailableException;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --modes=scopes} (issue 30's tenants): the scoped pass over {@link ScopedEvent} drained sweep after sweep
 * until no work remains, then swept idle; the same rows without a scope ({@link UnscopedEvent}) drained; and the
 * per-tenant DELETE a hand-written cleanup would send (Keycloak's shape: one statement per tenant with expired rows,
 * each at its tenant's cutoff). Once with the own windows from configuration, once from code ({@code ScopeWindows}),
 * once from code that declares its shortest window ({@code ScopeWindows.atLeast}), each repeated; the runtime has its
 * defaults but for {@code batch-delay} 0 and no start-up stagger, as every harness sweep. Statements are counted at
 * the JDBC level ({@link StatementCounter}); time is wall time of the sweeps, the runtime's build left out.
 */
public final class ScopeSuite {

  static final String SCOPED_PASS = ScopedEvent.class.getName();
  static final String UNSCOPED_PASS = UnscopedEvent.class.getName();
  private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
  /** A drain that needs more sweeps than this is reported as failed, not waited for. */
  private static final int MAX_SWEEPS = 20_000;
  private static final int IDLE_SWEEPS = 5;
  private static final List<String> LEGS = List.of("scoped drain", "scoped idle", "unscoped drain",
      "per-tenant DELETE");

  private final TenantLayout layout;
  /** Whether the scoped table gets an index on its date alone, as the unscoped one has. */
  private final boolean dateIndex;
  private final int repeats;
  private final int h2CacheKilobytes;
  private final boolean requireServers;
  private final Path out;
  private final PrintStream print;
  /** Per database and window source, per leg, the figures of each repeat. */
  private final Map<String, Map<String, List<SweepFigures>>> figures = new LinkedHashMap<>();
  private final List<String> csv = new ArrayList<>(
      List.of("database,windows,repeat,leg,sweeps,batches,statements,millis,deleted,work_remains"));

  public ScopeSuite(int tenants, boolean dateIndex, int repeats, int h2CacheKilobytes, boolean requireServers,
      Path out, PrintStream print) {
    this.layout = new TenantLayout(tenants);
    this.dateIndex = dateIndex;
    this.repeats = repeats;
    this.h2CacheKilobytes = h2CacheKilobytes;
    this.requireServers = requireServers;
    this.out = out;
    this.print = print;
  }

  public void run(List<TestDatabase.Kind> kinds) throws SQLException, IOException {
    for (TestDatabase.Kind kind : kinds) {
      run(kind);
    }
    printSummary();
    Files.write(out.resolve("scopes.csv"), csv);
  }

  private void run(TestDatabase.Kind kind) throws SQLException {
    ScratchDatabase database;
    try {
      database = ScratchDatabase.createOnDisk(kind, "retention_bench_", h2CacheKilobytes);
    } catch (DatabaseUnavailableException e) {
      if (requireServers) {
        throw new IllegalStateException(e.getMessage() + " (--require-servers=true)", e);
      }
      print.println("[skipped] " + kind.label() + ": " + e.getMessage());
      return;
    }
    try (database) {
      EntityManagerFactory emf = Jpa.factory(database, List.of(ScopedEvent.class, UnscopedEvent.class),
          Map.of("jakarta.persistence.jdbc.url", StatementCounter.url(database.url())));
      try {
        if (dateIndex) {
          addDateIndex(database);
        }
        ScopeTables tables = new ScopeTables(database, layout, NOW);
        // Repeat 0 warms up the JIT and the factory's query plans on the full layout; its figures are printed only.
        for (WindowSource source : WindowSource.values()) {
          measure(database, emf, tables, source, 0);
        }
        for (int repeat = 1; repeat <= repeats; repeat++) {
          // Rotated a place a repeat, so that a stall of the shared machine does not always hit the same source.
          List<WindowSource> order = new ArrayList<>(List.of(WindowSource.values()));
          java.util.Collections.rotate(order, repeat - 1);
          for (WindowSource source : order) {
            measure(database, emf, tables, source, repeat);
          }
        }
      } finally {
        emf.close();
      }
    }
  }

  /**
   * {@code --scope-date-index=true}: an index on {@code created_at} alone, so the read that finds the due scopes can
   * take the rows dated before the shortest cutoff through an index, as the unscoped table's drain does.
   */
  private void addDateIndex(ScratchDatabase database) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(true);
      statement.execute("create index scoped_event_created on " + ScopeTables.SCOPED + " (created_at)");
    }
    print.println("[" + database.kind().key() + " scopes] " + ScopeTables.SCOPED
        + " has an index on created_at as well as on (tenant_id, created_at)");
  }

  private void measure(ScratchDatabase database, EntityManagerFactory emf, ScopeTables tables, WindowSource source,
      int repeat) throws SQLException {
    String tag = "[" + database.kind().key() + " scopes " + source.key() + " #" + repeat + "] ";
    Duration load = tables.reload();
    print.printf(Locale.ROOT, "%sloaded %,d tenants x %d rows (%,d rows to go, %,d tenants with a %d-day window) in"
        + " %.1f s%n", tag, layout.tenants(), TenantLayout.ROWS_PER_TENANT, layout.expiredRows(),
        layout.ownWindowTenants().size(), source.window.toDays(), load.toNanos() / 1e9);
    Map<String, SweepFigures> legs = new LinkedHashMap<>();
    try (RetentionRuntime runtime = runtime(emf, source)) {
      print.println(tag + "shapes: scoped " + runtime.settings(SCOPED_PASS).statementShape() + ", unscoped "
          + runtime.settings(UNSCOPED_PASS).statementShape());
      legs.put("scoped drain", drain(runtime, SCOPED_PASS));
      tables.checkDrained(ScopeTables.SCOPED, "The scoped drain");
      legs.put("scoped idle", idle(runtime));
      legs.put("unscoped drain", drain(runtime, UNSCOPED_PASS));
      tables.checkDrained(ScopeTables.UNSCOPED, "The unscoped drain");
    }
    tables.restoreExpired();
    legs.put("per-tenant DELETE", perTenantDelete(database, source));
    tables.checkDrained(ScopeTables.SCOPED, "The per-tenant DELETE");
    String key = database.kind().key() + "," + source.key();
    legs.forEach((leg, result) -> {
      print.println(tag + leg + ": " + result.describe() + (repeat == 0 ? " (warm-up)" : ""));
      if (repeat == 0) {
        return;
      }
      figures.computeIfAbsent(key, k -> new LinkedHashMap<>()).computeIfAbsent(leg, k -> new ArrayList<>())
          .add(result);
      csv.add(String.format(Locale.ROOT, "%s,%d,%s,%d,%d,%d,%.3f,%d,%b", key, repeat, leg, result.sweeps(),
          result.batches(), result.statements(), result.millis(), result.deleted(), result.workRemains()));
    });
  }

  private RetentionRuntime runtime(EntityManagerFactory emf, WindowSource source) {
    RetentionRuntime.Builder builder = RetentionRuntime.builder(emf)
        .clock(Clock.fixed(NOW, ZoneOffset.UTC))
        .zone(ZoneOffset.UTC)
        .defaults(RetentionOptions.empty().withBatchDelay(Duration.ZERO).withMaxStartupStagger(Duration.ZERO));
    source.apply(builder, SCOPED_PASS, layout);
    return builder.build();
  }

  /** Sweeps {@code pass} until a sweep reports no work left. */
  private static SweepFigures drain(RetentionRuntime runtime, String pass) {
    long statements = StatementCounter.executed();
    long start = System.nanoTime();
    int sweeps = 0;
    long batches = 0;
    long deleted = 0;
    SweepReport report;
    do {
      report = runtime.sweep(pass);
      sweeps++;
      batches += report.batches();
      deleted += report.deleted();
      if (report.failure().isPresent()) {
        throw new IllegalStateException("Sweep " + sweeps + " of " + pass + " failed: " + report,
            report.failure().get());
      }
    } while (report.workRemains() && sweeps < MAX_SWEEPS);
    double millis = (System.nanoTime() - start) / 1e6;
    if (report.workRemains()) {
      throw new IllegalStateException(pass + " still reported work after " + MAX_SWEEPS + " sweeps: " + report);
    }
    return new SweepFigures(sweeps, batches, StatementCounter.executed() - statements, millis, deleted, false);
  }

  /**
   * The sweeps of the drained scoped table (no row expired by its own tenant's window; the own-window tenants' 40-day
   * rows expired by the pass's window only): the median sweep's time, the most statements and batches a sweep took,
   * and whether any reported work remaining.
   */
  private static SweepFigures idle(RetentionRuntime runtime) {
    List<Double> millis = new ArrayList<>();
    long mostStatements = 0;
    long mostBatches = 0;
    long deleted = 0;
    boolean workRemains = false;
    for (int sweep = 0; sweep < IDLE_SWEEPS; sweep++) {
      long statements = StatementCounter.executed();
      long start = System.nanoTime();
      SweepReport report = runtime.sweep(SCOPED_PASS);
      millis.add((System.nanoTime() - start) / 1e6);
      if (report.failure().isPresent()) {
        throw new IllegalStateException("An idle sweep failed: " + report, report.failure().get());
      }
      mostStatements = Math.max(mostStatements, StatementCounter.executed() - statements);
      mostBatches = Math.max(mostBatches, report.batches());
      deleted += report.deleted();
      workRemains |= report.workRemains();
    }
    millis.sort(Double::compare);
    return new SweepFigures(1, mostBatches, mostStatements, millis.get(millis.size() / 2), deleted, workRemains);
  }

  /** One {@code delete ... where tenant_id = ? and created_at <= ?} per tenant with expired rows, each committed. */
  private SweepFigures perTenantDelete(ScratchDatabase database, WindowSource source) throws SQLException {
    List<Integer> tenants = layout.expiredTenants();
    long start = System.nanoTime();
    long deleted = 0;
    try (Connection connection = database.connect(); PreparedStatement delete = connection.prepareStatement(
        "delete from " + ScopeTables.SCOPED + " where tenant_id = ? and created_at <= ?")) {
      connection.setAutoCommit(true);
      for (int t : tenants) {
        Instant cutoff = NOW.minus(TenantLayout.ownWindow(t) ? source.window : TenantLayout.PASS_WINDOW);
        delete.setString(1, TenantLayout.tenantId(t));
        if (database.kind() == TestDatabase.Kind.MARIADB) {
          delete.setObject(2, LocalDateTime.ofInstant(cutoff, ZoneOffset.UTC)); // zone-less datetime(6) in UTC
        } else {
          delete.setObject(2, cutoff.atOffset(ZoneOffset.UTC));
        }
        deleted += delete.executeUpdate();
      }
    }
    return new SweepFigures(tenants.size(), tenants.size(), tenants.size(), (System.nanoTime() - start) / 1e6,
        deleted, false);
  }

  private void printSummary() {
    if (figures.isEmpty()) {
      return;
    }
    print.println();
    print.printf(Locale.ROOT, "Scoped pass, %,d tenants x %d rows, %,d rows to go; medians of %d repeats%n",
        layout.tenants(), TenantLayout.ROWS_PER_TENANT, layout.expiredRows(), repeats);
    print.println("| database | windows | leg | sweeps | batches | statements | time ms |");
    print.println("| --- | --- | --- | ---: | ---: | ---: | ---: |");
    figures.forEach((key, legs) -> {
      String[] parts = key.split(",");
      for (String leg : LEGS) {
        List<SweepFigures> runs = legs.get(leg);
        print.printf(Locale.ROOT, "| %s | %s | %s%s | %,.0f | %,.0f | %,.0f | %.1f |%n", parts[0], parts[1], leg,
            leg.equals("scoped idle") && runs.stream().anyMatch(SweepFigures::workRemains) ? " (work remains)" : "",
            SweepFigures.median(runs, SweepFigures::sweeps), SweepFigures.median(runs, SweepFigures::batches),
            SweepFigures.median(runs, SweepFigures::statements), SweepFigures.median(runs, SweepFigures::millis));
      }
    });
    print.println();
    print.println("Targets (issue 30): idle sweep <= 20 statements and <= 50 ms on PostgreSQL, no work left;"
        + " scoped drain within 2x of the unscoped drain");
    figures.forEach((key, legs) -> {
      List<SweepFigures> idle = legs.get("scoped idle");
      double idleStatements = SweepFigures.median(idle, SweepFigures::statements);
      double idleMillis = SweepFigures.median(idle, SweepFigures::millis);
      boolean idleWork = idle.stream().anyMatch(SweepFigures::workRemains);
      double ratio = SweepFigures.median(legs.get("scoped drain"), SweepFigures::millis)
          / SweepFigures.median(legs.get("unscoped drain"), SweepFigures::millis);
      boolean timeCounts = key.startsWith(TestDatabase.Kind.POSTGRESQL.key() + ",");
      print.printf(Locale.ROOT, "  %s: idle %.0f statements (%s), %.1f ms (%s), %s; drain %.2fx unscoped (%s)%n",
          key, idleStatements, idleStatements <= 20 ? "met" : "MISSED", idleMillis,
          !timeCounts ? "no target" : idleMillis <= 50 ? "met" : "MISSED",
          idleWork ? "reports work remaining (MISSED)" : "no work left (met)", ratio, ratio <= 2 ? "met" : "MISSED");
    });
  }
}
