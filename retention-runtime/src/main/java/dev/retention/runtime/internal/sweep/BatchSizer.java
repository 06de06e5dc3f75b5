package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import java.time.Duration;

/**
 * How many rows the next batch of one pass may delete. With {@code batch-size} set, always that many. Otherwise the
 * size follows {@code batch-target}, as DBAs' chunking tools size chunks by time (pt-archiver and
 * pt-online-schema-change's {@code --chunk-time}): a full batch faster than the target grows the next one towards it,
 * at most doubling; a batch slower than the target shrinks the next one in proportion, to a quarter at most; a failed
 * batch (a timeout, a lock wait, anything) quarters it and a deadlock halves it. The size stays between {@link #MINIMUM}
 * and the ceiling: {@link RetentionOption#MAX_BATCH_SIZE} or less, where the pass's statement binds more parameters a
 * row. A batch that came back short says nothing about how long a full one takes, so it only ever shrinks the size.
 *
 * <p>One sizer lives as long as its pass's sweeper, so a sweep starts at the size the previous one reached. Not
 * thread-safe: a sweeper runs one sweep at a time.
 */
public final class BatchSizer {

  /** The smallest size the sizer goes down to: below it a batch's fixed cost is most of its time. */
  public static final int MINIMUM = 10;

  /** Most a batch grows by at a time, so that one fast batch on a cold cache cannot overshoot. */
  static final double MOST_GROWTH = 2.0;

  /** Most a slow batch shrinks the next one by. */
  static final double MOST_SHRINK = 0.25;

  private final Duration target;
  private final int ceiling;
  private final boolean fixed;
  private int size;

  private BatchSizer(int first, Duration target, int ceiling, boolean fixed) {
    this.target = target;
    this.ceiling = ceiling;
    this.fixed = fixed;
    this.size = fixed ? Math.min(first, ceiling) : clamp(first);
  }

  /**
   * The sizer of a pass.
   *
   * @param ceiling the largest batch the pass's statements allow, at most {@link RetentionOption#MAX_BATCH_SIZE}
   */
  public static BatchSizer of(PassSettings settings, int ceiling) {
    if (ceiling < MINIMUM) {
      throw new IllegalArgumentException(settings.pass() + ": a ceiling of " + ceiling + " rows is below the "
          + MINIMUM + " rows of the smallest batch");
    }
    return new BatchSizer(settings.batchSize(), settings.batchTarget(), ceiling, settings.batchSizeFixed());
  }

  /** The most rows the next batch may delete. */
  public int nextSize() {
    return size;
  }

  /** Whether {@code batch-size} fixes the size. */
  public boolean fixed() {
    return fixed;
  }

  /** A batch of {@code requested} rows at most committed {@code rows} in {@code took}. */
  public void completed(int requested, int rows, Duration took) {
    if (fixed) {
      return;
    }
    double ratio = (double) target.toNanos() / Math.max(1, took.toNanos());
    if (ratio < 1) {
      size = clamp(requested * Math.max(ratio, MOST_SHRINK));
    } else if (rows >= requested) {
      size = clamp(requested * Math.min(ratio, MOST_GROWTH));
    }
  }

  /** A batch of {@code requested} rows lost a deadlock and runs again: with half as many, since it met locks. */
  public void deadlocked(int requested) {
    if (!fixed) {
      size = clamp(requested * 0.5);
    }
  }

  /**
   * A batch of {@code requested} rows failed: it timed out, waited for a lock too long, or met another failure. The
   * next sweep starts at a quarter, since a smaller batch holds fewer locks and is less likely to time out, and if the
   * cause was something else the size grows back within a few batches.
   */
  public void failed(int requested) {
    if (!fixed) {
      size = clamp(requested * MOST_SHRINK);
    }
  }

  private int clamp(double wanted) {
    return (int) Math.max(MINIMUM, Math.min(ceiling, Math.round(wanted)));
  }

  @Override
  public String toString() {
    return fixed ? "fixed at " + size : "next " + size + " (target " + target.toMillis() + " ms, " + MINIMUM + " to "
        + ceiling + ")";
  }
}
