package dev.retention.runtime.internal.pacing;

/**
 * A ceiling on the rows one pass deletes a second ({@code max-rows-per-second}), CockroachDB's
 * {@code ttl_delete_rate_limit} kind: a batch of {@code n} rows that started at {@code t} lets the next start at
 * {@code t + n / rate} at the earliest (or later, after the one before it). A batch's own time counts towards the rate;
 * the wait after it is not batch time. Changed at run time by {@link #set}; 0 is no limit.
 */
public final class RateLimit {

  private volatile int rowsPerSecond;
  /** When the next batch may start, by the monotonic source; meaningful once a batch deleted under a limit. */
  private long earliestNanos;
  private boolean limited;

  public RateLimit(int rowsPerSecond) {
    set(rowsPerSecond);
  }

  /** Sets the ceiling from the next batch on; 0 lifts it, and the batches before count no more. */
  public synchronized void set(int rowsPerSecond) {
    if (rowsPerSecond < 0) {
      throw new IllegalArgumentException("max-rows-per-second must not be negative: " + rowsPerSecond);
    }
    this.rowsPerSecond = rowsPerSecond;
    if (rowsPerSecond == 0) {
      limited = false;
    }
  }

  public int rowsPerSecond() {
    return rowsPerSecond;
  }

  /** A batch that started at {@code startNanos} deleted {@code rows}. */
  public synchronized void deleted(int rows, long startNanos) {
    int rate = rowsPerSecond;
    if (rate == 0) {
      limited = false;
      return;
    }
    long from = limited && earliestNanos - startNanos > 0 ? earliestNanos : startNanos;
    earliestNanos = from + (long) (rows * 1_000_000_000.0 / rate);
    limited = true;
  }

  /** How long the next batch waits at {@code nowNanos}; 0 when it may start. */
  public synchronized long waitNanos(long nowNanos) {
    if (!limited || rowsPerSecond == 0) {
      return 0;
    }
    return Math.max(0, earliestNanos - nowNanos);
  }
}
