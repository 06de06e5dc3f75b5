package dev.retention.benchmarks.report;

import dev.retention.benchmarks.measure.LatencySummary;

/**
 * One measured drain: a strategy on one database and layout.
 *
 * @param database the database's key
 * @param layout the layout's key
 * @param strategy the drain's name
 * @param tableRows rows in the table when the drain began
 * @param expired rows expired at the cutoff when it began
 * @param deleted rows the drain reported deleting
 * @param batches its transactions
 * @param seconds its wall-clock time
 * @param heapBaselineMb heap in use after a collection, before the drain
 * @param heapPeakMb the highest heap in use sampled during the drain
 * @param heapMaxMb the JVM's heap limit
 * @param batchP50Millis median batch time, NaN when the drain has no batches to report
 * @param batchP99Millis 99th percentile batch time
 * @param batchMaxMillis longest batch
 * @param foreground the foreground writes during the drain
 * @param expiredLeft expired rows still in the table afterwards (0 when the drain did its job)
 * @param failure why the drain failed, or empty
 */
public record DrainResult(
    String database, String layout, String strategy, long tableRows, long expired, long deleted, int batches,
    double seconds, double heapBaselineMb, double heapPeakMb, double heapMaxMb,
    double batchP50Millis, double batchP99Millis, double batchMaxMillis, LatencySummary foreground, long expiredLeft,
    String failure) {

  public double rowsPerSecond() {
    return seconds > 0 ? deleted / seconds : Double.NaN;
  }

  public boolean succeeded() {
    return failure.isEmpty() && expiredLeft == 0;
  }

  /** Whether this is a run of the library (as opposed to a baseline). */
  public boolean isSweep() {
    return strategy.startsWith("sweep-");
  }
}
