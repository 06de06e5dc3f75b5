package dev.retention.benchmarks.measure;

/**
 * How the foreground writes fared during one drain.
 *
 * @param operations writes attempted
 * @param errors writes that failed (lock wait timeouts, deadlocks), each counted and the first kept in {@code firstError}
 * @param p50Millis median write time
 * @param p99Millis 99th percentile write time
 * @param maxMillis longest write
 * @param inserted rows the load inserted, which stay in the table
 * @param firstError the first failure's message, or empty
 */
public record LatencySummary(
    long operations, long errors, double p50Millis, double p99Millis, double maxMillis, long inserted,
    String firstError) {

  /** No foreground load ran. */
  public static LatencySummary none() {
    return new LatencySummary(0, 0, Double.NaN, Double.NaN, Double.NaN, 0, "");
  }
}
