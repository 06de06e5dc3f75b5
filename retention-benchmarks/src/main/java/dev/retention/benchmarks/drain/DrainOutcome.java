package dev.retention.benchmarks.drain;

import java.util.List;

/**
 * What a drain did.
 *
 * @param deleted rows deleted
 * @param batches transactions that deleted rows (1 for the unbounded delete)
 * @param batchMillis each batch's time in milliseconds, where the drain reports batches; empty otherwise
 */
public record DrainOutcome(long deleted, int batches, List<Double> batchMillis) {

  public DrainOutcome {
    batchMillis = List.copyOf(batchMillis);
  }
}
