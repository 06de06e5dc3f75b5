package dev.retention.benchmarks.drain;

import java.util.List;
import java.util.Locale;

/**
 * What a drain did.
 *
 * @param deleted rows deleted
 * @param batches transactions that deleted rows (1 for the unbounded delete)
 * @param batchMillis each batch's time in milliseconds, where the drain reports batches; empty otherwise
 * @param batchSizes each batch's size as the runtime reports it (the most rows it was allowed); empty for baselines
 */
public record DrainOutcome(long deleted, int batches, List<Double> batchMillis, List<Integer> batchSizes) {

  public DrainOutcome {
    batchMillis = List.copyOf(batchMillis);
    batchSizes = List.copyOf(batchSizes);
  }

  public DrainOutcome(long deleted, int batches, List<Double> batchMillis) {
    this(deleted, batches, batchMillis, List.of());
  }

  /** The sizes the batches took, for the log: first, median, smallest, largest, last; empty without sizes. */
  public String batchSizeSummary() {
    if (batchSizes.isEmpty()) {
      return "";
    }
    List<Integer> sorted = batchSizes.stream().sorted().toList();
    return String.format(Locale.ROOT, "batch sizes: first %,d, median %,d, min %,d, max %,d, last %,d",
        batchSizes.get(0), sorted.get(sorted.size() / 2), sorted.get(0), sorted.get(sorted.size() - 1),
        batchSizes.get(batchSizes.size() - 1));
  }
}
