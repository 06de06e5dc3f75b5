package dev.retention.benchmarks.suite;

import dev.retention.it.support.ScratchDatabase;
import dev.retention.benchmarks.database.TableLoader;
import dev.retention.benchmarks.database.TableLoader.RowCounts;
import dev.retention.benchmarks.database.Workload;
import dev.retention.benchmarks.drain.Drain;
import dev.retention.benchmarks.drain.DrainOutcome;
import dev.retention.benchmarks.measure.ForegroundLoad;
import dev.retention.benchmarks.measure.HeapSampler;
import dev.retention.benchmarks.measure.LatencySummary;
import dev.retention.benchmarks.measure.Percentiles;
import dev.retention.benchmarks.report.DrainResult;
import jakarta.persistence.EntityManagerFactory;
import java.sql.SQLException;
import java.util.List;

/**
 * Runs one drain on a loaded table with the heap sampled and the foreground load writing, then checks the table: no
 * expired row left, and every live row and every row the foreground inserted still there.
 */
final class MeasuredDrain {

  private static final double MEGABYTE = 1024.0 * 1024.0;

  private final ScratchDatabase database;
  private final EntityManagerFactory emf;
  private final int foregroundRate;

  MeasuredDrain(ScratchDatabase database, EntityManagerFactory emf, int foregroundRate) {
    this.database = database;
    this.emf = emf;
    this.foregroundRate = foregroundRate;
  }

  DrainResult run(Drain drain, Workload workload) throws SQLException, InterruptedException {
    HeapSampler heap = HeapSampler.start();
    ForegroundLoad foreground = foregroundRate > 0 ? ForegroundLoad.start(database, workload, foregroundRate) : null;
    DrainOutcome outcome = new DrainOutcome(0, 0, List.of());
    String failure = "";
    long start = System.nanoTime();
    try {
      outcome = drain.run(emf, Workload.CUTOFF);
    } catch (RuntimeException e) {
      // Recorded in the results and printed in full: one failing strategy must not hide the others' figures.
      failure = e.toString();
      System.err.println("[" + database.kind().key() + " " + workload.layout().key() + "] " + drain.name()
          + " failed:");
      e.printStackTrace();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    LatencySummary writes = foreground != null ? foreground.stop() : LatencySummary.none();
    heap.close();

    RowCounts left = new TableLoader(database).counts();
    long expectedTotal = workload.live() + writes.inserted();
    if (failure.isEmpty() && left.expired() == 0 && left.total() != expectedTotal) {
      failure = "a live row went missing: " + left.total() + " rows left, expected " + expectedTotal;
    }
    if (!outcome.batchSizes().isEmpty()) {
      System.out.println("[" + database.kind().key() + " " + workload.layout().key() + "] " + drain.name() + " "
          + outcome.batchSizeSummary());
    }
    Percentiles batches = Percentiles.of(outcome.batchMillis());
    return new DrainResult(database.kind().key(), workload.layout().key(), drain.name(), workload.rows(),
        workload.expired(), outcome.deleted(), outcome.batches(), seconds, heap.baselineBytes() / MEGABYTE,
        heap.peakBytes() / MEGABYTE, heap.maxBytes() / MEGABYTE, batches.at(50), batches.at(99), batches.max(),
        writes, left.expired(), failure);
  }
}
