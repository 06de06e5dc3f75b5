package dev.retention.benchmarks.scopes;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * What one leg of a run cost: sweeps (or statements sent by hand, for the DELETE anchor), batches, statements
 * executed, wall time, rows deleted, and whether the last sweep reported work remaining.
 */
record SweepFigures(int sweeps, long batches, long statements, double millis, long deleted, boolean workRemains) {

  String describe() {
    return String.format(Locale.ROOT, "%,d sweeps, %,d batches, %,d statements, %.1f ms, %,d rows deleted%s", sweeps,
        batches, statements, millis, deleted, workRemains ? ", work remains" : ", no work left");
  }

  /** The median of one figure over repeats. */
  static double median(List<SweepFigures> runs, ToDoubleFunction<SweepFigures> figure) {
    double[] values = runs.stream().mapToDouble(figure).sorted().toArray();
    int middle = values.length / 2;
    return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  }
}
