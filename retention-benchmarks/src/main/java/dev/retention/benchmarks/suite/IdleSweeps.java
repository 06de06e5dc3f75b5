package dev.retention.benchmarks.suite;

import dev.retention.benchmarks.database.Workload;
import dev.retention.benchmarks.drain.RuntimeSweep;
import dev.retention.benchmarks.measure.Percentiles;
import dev.retention.benchmarks.report.IdleResult;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.util.OptionalInt;

/**
 * Sweeps a loaded table with the clock before every row's expiry, so each sweep finds nothing: the cost a sweep adds
 * every interval once the backlog is gone. A few sweeps run unmeasured first, to warm the JIT and the connections.
 */
final class IdleSweeps {

  private static final int WARM_UP_SWEEPS = 5;

  private IdleSweeps() {}

  static IdleResult measure(String database, EntityManagerFactory emf, Workload workload, int sweeps) {
    RuntimeSweep sweep = new RuntimeSweep(OptionalInt.empty(), 0, false);
    double[] millis = new double[sweeps];
    try (RetentionRuntime runtime = sweep.runtime(emf, workload.idleCutoff(), new SweepListener() {})) {
      for (int i = 0; i < WARM_UP_SWEEPS; i++) {
        idleSweep(runtime);
      }
      for (int i = 0; i < sweeps; i++) {
        millis[i] = idleSweep(runtime).duration().toNanos() / 1e6;
      }
    }
    Percentiles percentiles = Percentiles.of(millis);
    return new IdleResult(database, workload.layout().key(), workload.rows(), sweeps, percentiles.median(),
        percentiles.at(90), percentiles.max());
  }

  private static SweepReport idleSweep(RetentionRuntime runtime) {
    SweepReport report = runtime.sweep(RuntimeSweep.PASS);
    if (!report.succeeded() || report.deleted() != 0) {
      throw new IllegalStateException("An idle sweep should delete nothing and succeed: " + report,
          report.failure().orElse(null));
    }
    return report;
  }
}
