package dev.retention.runtime;

import java.time.Duration;
import java.util.Objects;

/**
 * One committed batch of a sweep: its pass, its number in the sweep, the rows it deleted, how long it took, and the
 * most rows it was allowed. Made by the runtime; {@link #of} makes one too, for a listener's own tests.
 */
public final class BatchReport {

  private final String pass;
  private final int number;
  private final int deleted;
  private final Duration duration;
  private final int batchSize;

  private BatchReport(String pass, int number, int deleted, Duration duration, int batchSize) {
    this.pass = Objects.requireNonNull(pass, "pass");
    this.number = number;
    this.deleted = deleted;
    this.duration = Objects.requireNonNull(duration, "duration");
    this.batchSize = batchSize;
  }

  /**
   * A batch of {@code pass}, the {@code number}th of its sweep, allowed {@code batchSize} rows, that deleted
   * {@code deleted} in {@code duration}.
   */
  public static BatchReport of(String pass, int number, int deleted, Duration duration, int batchSize) {
    return new BatchReport(pass, number, deleted, duration, batchSize);
  }

  /** The pass's name. */
  public String pass() {
    return pass;
  }

  /** The batch's number in its sweep, from 1. */
  public int number() {
    return number;
  }

  /** Rows the batch deleted. */
  public int deleted() {
    return deleted;
  }

  /** How long the batch took, its transaction included. */
  public Duration duration() {
    return duration;
  }

  /**
   * The most rows the batch was allowed: {@code batch-size} when set, otherwise the size the runtime chose from
   * {@code batch-target}.
   */
  public int batchSize() {
    return batchSize;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof BatchReport that && number == that.number && deleted == that.deleted
        && batchSize == that.batchSize && pass.equals(that.pass) && duration.equals(that.duration);
  }

  @Override
  public int hashCode() {
    return Objects.hash(pass, number, deleted, duration, batchSize);
  }

  @Override
  public String toString() {
    return pass + ": batch " + number + " deleted " + deleted + " of at most " + batchSize + " rows in "
        + duration.toMillis() + " ms";
  }
}
