package dev.retention.benchmarks.suite;

import dev.retention.benchmarks.BenchmarkOptions;
import dev.retention.benchmarks.BenchmarkOptions.Mode;
import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestDatabase;
import dev.retention.it.support.DatabaseUnavailableException;
import dev.retention.benchmarks.database.Explain;
import dev.retention.benchmarks.database.Jpa;
import dev.retention.benchmarks.database.Layout;
import dev.retention.benchmarks.database.TableLoader;
import dev.retention.benchmarks.database.Workload;
import dev.retention.benchmarks.drain.Drain;
import dev.retention.benchmarks.drain.Drains;
import dev.retention.benchmarks.report.DrainResult;
import dev.retention.benchmarks.report.RunResults;
import dev.retention.runtime.RetentionOptions;
import jakarta.persistence.EntityManagerFactory;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The drains and idle sweeps on one database: a database created for the run, each layout loaded, the idle sweeps,
 * the plan of the batch select, then every strategy on a freshly reloaded table, and the database dropped.
 */
public final class DatabaseSuite {

  /** Rows of the unmeasured warm-up drains that run each strategy once before the first measured one. */
  private static final long WARM_UP_ROWS = 20_000;

  private final BenchmarkOptions options;
  private final RunResults results;

  public DatabaseSuite(BenchmarkOptions options, RunResults results) {
    this.options = options;
    this.results = results;
  }

  /** Runs the suite on {@code kind}; a server that does not answer is skipped with a message unless required. */
  public void run(TestDatabase.Kind kind) throws SQLException, IOException, InterruptedException {
    ScratchDatabase database;
    try {
      database = ScratchDatabase.createOnDisk(kind, "retention_bench_", options.h2CacheKilobytes());
    } catch (DatabaseUnavailableException e) {
      if (options.requireServers()) {
        throw new IllegalStateException(e.getMessage() + " (--require-servers=true)", e);
      }
      System.out.println("[skipped] " + kind.label() + ": " + e.getMessage());
      results.skipped.add(kind.key());
      return;
    }
    try (database) {
      recordVersion(database);
      EntityManagerFactory emf = Jpa.factory(database);
      try {
        runLayouts(database, emf);
      } finally {
        emf.close();
      }
    }
  }

  private void runLayouts(ScratchDatabase database, EntityManagerFactory emf)
      throws SQLException, InterruptedException {
    TableLoader loader = new TableLoader(database);
    List<Drain> drains = options.strategies().stream()
        .map(name -> Drains.named(name, options.expiredRows()))
        .toList();
    if (options.modes().contains(Mode.DRAIN)) {
      warmUp(database, emf, loader);
    }
    for (Layout layout : options.layouts()) {
      Workload workload = new Workload(options.rows(), options.expiredRows(), layout);
      String tag = "[" + database.kind().key() + " " + layout.key() + "] ";
      boolean fresh = false;
      if (options.modes().contains(Mode.IDLE)) {
        load(loader, workload, tag);
        fresh = true;
        results.idles.add(IdleSweeps.measure(database.kind().key(), emf, workload, options.idleSweeps()));
        System.out.printf(Locale.ROOT, "%sidle sweep median %.2f ms%n", tag, results.idles.get(
            results.idles.size() - 1).medianMillis());
      }
      if (!options.modes().contains(Mode.DRAIN)) {
        continue;
      }
      for (int round = 0; round < options.drainRepeats(); round++) {
        for (Drain drain : roundOrder(drains, round)) {
          if (!fresh) {
            load(loader, workload, tag);
          }
          if (round == 0 && drain == drains.get(0)) {
            recordPlan(database, workload, tag);
          }
          fresh = false;
          DrainResult result = new MeasuredDrain(database, emf, options.foregroundRate()).run(drain, workload);
          results.drains.add(result);
          System.out.printf(Locale.ROOT, "%s%s%s: %,d rows in %.2f s, %,.0f rows/s, %d batches, fg max %.1f ms%s%n",
              tag, options.drainRepeats() > 1 ? "#" + (round + 1) + " " : "", drain.name(), result.deleted(),
              result.seconds(), result.rowsPerSecond(), result.batches(), result.foreground().maxMillis(),
              result.succeeded() ? "" : " FAILED");
        }
      }
    }
  }

  /**
   * The strategies of round {@code round}, rotated {@code round} places: each takes each place in turn, so a stall of
   * the shared machine, or the state one strategy leaves (a table bloated by the delete before), does not always fall
   * on the same one.
   */
  static List<Drain> roundOrder(List<Drain> drains, int round) {
    List<Drain> order = new ArrayList<>(drains);
    Collections.rotate(order, -(round % Math.max(1, drains.size())));
    return order;
  }

  /** Runs every strategy once on a small table, unmeasured, so the first measured one does not pay for the JIT. */
  private void warmUp(ScratchDatabase database, EntityManagerFactory emf, TableLoader loader) throws SQLException {
    long rows = Math.min(WARM_UP_ROWS, options.rows());
    Workload small = new Workload(rows, rows / 2, Layout.ORDERED);
    for (String name : options.strategies()) {
      loader.reload(small);
      Drains.named(name, small.expired()).run(emf, Workload.CUTOFF);
    }
    System.out.println("[" + database.kind().key() + "] warmed up on " + small);
  }

  private static void load(TableLoader loader, Workload workload, String tag) throws SQLException {
    Duration took = loader.reload(workload);
    System.out.printf(Locale.ROOT, "%sloaded %s in %.1f s%n", tag, workload, took.toNanos() / 1e9);
  }

  private void recordPlan(ScratchDatabase database, Workload workload, String tag) throws SQLException {
    results.plans.append("== ").append(tag).append(workload).append(", batch select at the default batch size")
        .append(System.lineSeparator())
        .append(Explain.batchSelect(database, Workload.CUTOFF, RetentionOptions.empty().batchSize()))
        .append(System.lineSeparator());
  }

  private void recordVersion(ScratchDatabase database) throws SQLException {
    try (Connection connection = database.connect()) {
      var metadata = connection.getMetaData();
      results.environment.add(database.kind().label() + ": " + metadata.getDatabaseProductName() + " "
          + metadata.getDatabaseProductVersion() + ", driver " + metadata.getDriverVersion());
    }
  }
}
