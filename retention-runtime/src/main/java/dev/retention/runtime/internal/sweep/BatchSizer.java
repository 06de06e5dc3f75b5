package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.PassSettings;
import java.time.Duration;

/**
 * How many rows the next batch of one pass may delete. Without {@code batch-target}, or with {@code batch-size} set as
 * well, always {@code batch-size}. Otherwise the size follows {@code batch-target}, as DBAs' chunking tools size chunks
 * by time (pt-archiver and pt-online-schema-change's {@code --chunk-time}).
 *
 * <p>A batch costs a fixed part (its transaction and round trips) plus a part per row. The sizer estimates both from
 * a batch and the last one before it whose size differs enough, and otherwise assumes the fixed part it last
 * estimated (a batch whose time does not grow with its rows is all fixed part); it then
 * picks the size whose batch takes the target. When the fixed part alone is a third of the target or more (a commit
 * that waits for the disk, a remote database, a saturated machine), a batch of the target would spend a third of its
 * time or more on that part, and shrinking further would only multiply batches: it then picks the size whose rows cost
 * twice the fixed part, so a batch takes about three times the least a batch can take and its fixed part stays a
 * third of it (MariaDB's Spring Session table, with a commit of about 11 ms: batches of about 64 rows drained at 0.67
 * times fixed 500's rate with the old rule of a half; docs/PERFORMANCE.md, run L). A full
 * batch grows the next at most twofold; a batch slower than the target shrinks the next to a quarter at most, but only
 * when the batch before it was slow too: one slow batch alone (a checkpoint, a stall of a shared machine, a cold page)
 * says more about that moment than about the size, and shrinking on it drained MariaDB at about half fixed 500's rate
 * on a loaded host (docs/PERFORMANCE.md, run J). A failed batch (a timeout, a lock wait, anything) quarters the size at once, and a
 * deadlock halves it. The size stays between
 * {@link #MINIMUM} and the ceiling: the largest batch ({@code batch-size}'s upper bound) or less, where the pass's
 * statement binds more parameters a row. A batch that came back short says nothing about how long a full one takes, so
 * it only ever shrinks the size; a batch of {@value #FULL_ENOUGH_PERCENT}% of its size or more counts as full, since
 * some statements' full batches come back a row or two short (the range statement's bounds).
 *
 * <p>Growth must also pay. On some databases a row costs more in a larger batch (H2 and MariaDB deleting rows spread
 * across the table, measured in docs/PERFORMANCE.md, run F), so filling the target would delete fewer rows a second
 * than smaller batches do, while holding locks longer. So when a full batch that grew into a larger size class (powers
 * of two) deletes markedly fewer rows a second than the full batch before it, the size holds for one more batch; when
 * that one deletes fewer rows a second than the smaller batch too, by any margin, growth stops at the smaller size, and
 * is tried again {@value #PROBE_EVERY} full batches later, since what a size costs changes as a table grows or its
 * cache warms. One comparison alone does not stop growth: a stall of the machine during one batch stopped MariaDB's
 * ordered drains at 1,023 rows a batch for 64 batches, at half the rows a second of the rounds it spared; asking the
 * second batch for the same margin again let H2's scattered rows, where larger batches do cost more, grow past the size
 * that pays (docs/PERFORMANCE.md, run N).
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

  /** How much two batches' sizes must differ for their times to tell the fixed cost from the cost per row. */
  static final double FIT_SPREAD = 1.5;

  /** How much fewer rows a second a grown batch may delete than the batch before it before growth stops there. */
  static final double NOT_WORTH = 0.10;

  /** How many full batches a stop to growth holds before larger batches are tried again. */
  static final int PROBE_EVERY = 64;

  /** The most of a batch's time its fixed part (transaction, round trips, commit) is left to take. */
  static final double MOST_FIXED_SHARE = 1.0 / 3;

  /** The share of its size, in percent, from which a batch counts as full. */
  public static final int FULL_ENOUGH_PERCENT = 95;

  /** Rows a nanosecond of the last full batch; 0 before the first warm one. */
  private double lastRate;
  private int lastFullRows;
  /** Growth stops at this size, set when growing cost rows a second; 0 when growth is free. */
  private int growthStop;
  /**
   * Whether the last full batch grew past the class of the one before it and deleted markedly fewer rows a second: the
   * next full batch is compared with that same smaller batch, and growth stops if it is slower too, by any margin.
   */
  private boolean growthDoubted;
  private int fullBatchesSinceStop;
  private boolean warm;
  /** Whether the last batch was slower than the target, so that a second slow one in a row shrinks the size. */
  private boolean lastSlow;

  private final Duration target;
  private final int ceiling;
  private final boolean fixed;
  private int size;
  /** The fixed cost of a batch, in nanoseconds, as last estimated; 0 until two batches' sizes differ enough. */
  private double fixedNanos;
  /**
   * The batch the next one is compared with for the estimate: the last whose size differed enough from the one before
   * it (or the first); its rows, and its time in nanoseconds; no rows yet when 0.
   */
  private int lastRows;
  private double lastNanos;

  private BatchSizer(int first, Duration target, int ceiling, boolean fixed) {
    this.target = target;
    this.ceiling = ceiling;
    this.fixed = fixed;
    this.size = fixed ? Math.min(first, ceiling) : clamp(first);
  }

  /**
   * The sizer of a pass.
   *
   * @param ceiling the largest batch the pass's statements allow, at most the largest batch ({@code batch-size}'s upper
   *     bound); for a fixed {@code batch-size}, that size or less, which may be below {@link #MINIMUM}
   */
  public static BatchSizer of(PassSettings settings, int ceiling) {
    // The minimum bounds the sizing; a batch-size set explicitly (1 to 9 rows included) is taken as it is.
    if (ceiling < MINIMUM && !settings.batchSizeFixed()) {
      throw new IllegalArgumentException(settings.pass() + ": a ceiling of " + ceiling + " rows is below the "
          + MINIMUM + " rows of the smallest batch");
    }
    return new BatchSizer(settings.batchSize(), settings.batchTarget().orElse(Duration.ZERO), ceiling,
        settings.batchSizeFixed());
  }

  /** The most rows the next batch may delete. */
  public int nextSize() {
    return size;
  }

  /** A sizer fixed at this one's next size, for batches that must not move this one (it is not thread-safe). */
  public BatchSizer fixedAtCurrentSize() {
    return new BatchSizer(size, target, ceiling, true);
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
    double nanos = Math.max(1, took.toNanos());
    boolean slow = nanos > target.toNanos();
    boolean full = rows * 100L >= (long) requested * FULL_ENOUGH_PERCENT;
    boolean slowAlone = slow && !lastSlow;
    lastSlow = slow;
    if (rows == 0 || (!slow && !full) || slowAlone) {
      // A slow batch alone is not fed to the estimate either: a stall would stand for the fixed cost of every batch.
      return;
    }
    estimateFixedCost(rows, nanos);
    double perRow = Math.max(nanos - fixedNanos, 1) / rows;
    double wanted = fixedNanos <= target.toNanos() * MOST_FIXED_SHARE
        ? (target.toNanos() - fixedNanos) / perRow
        : fixedNanos * (1 / MOST_FIXED_SHARE - 1) / perRow;
    double lowest = requested * MOST_SHRINK;
    double highest = full ? requested * MOST_GROWTH : requested;
    if (full) {
      wanted = worthIt(rows, nanos, wanted);
    }
    size = clamp(Math.max(lowest, Math.min(highest, wanted)));
  }

  /**
   * {@code wanted}, unless growing costs rows a second: a full batch grown past the size class (power of two) of the
   * full batch before it, yet deleting {@value #NOT_WORTH} fewer rows a second or worse, holds the size for one batch;
   * if the next full batch, still of a larger class, deletes fewer rows a second than that same earlier batch, growth
   * stops at the earlier batch's class, for {@value #PROBE_EVERY} full batches. The batches ran one after the other, so
   * what they compare is their sizes, not a table that changed in between; asking twice keeps one stall of the machine
   * from standing for the size, and asking the second time only which way it goes keeps a cost near the margin from
   * passing for noise.
   */
  private double worthIt(int rows, double nanos, double wanted) {
    double rate = rows / nanos;
    if (!warm) {
      // The first full batch ran on cold caches and unwarmed code: nothing is compared with it.
      warm = true;
      return wanted;
    }
    boolean grown = lastFullRows > 0 && classOf(rows) > classOf(lastFullRows);
    if (grown && !growthDoubted && rate < lastRate * (1 - NOT_WORTH)) {
      // The smaller batch stays the one compared with: the next full batch, at this size or less, answers the doubt.
      growthDoubted = true;
      return Math.min(wanted, rows);
    }
    boolean confirmed = growthDoubted && grown && rate < lastRate;
    growthDoubted = false;
    if (confirmed) {
      growthStop = (int) largestOf(classOf(lastFullRows));
      fullBatchesSinceStop = 0;
    }
    lastRate = rate;
    lastFullRows = rows;
    if (growthStop > 0 && ++fullBatchesSinceStop > PROBE_EVERY) {
      growthStop = 0;
    }
    return growthStop > 0 ? Math.min(wanted, growthStop) : wanted;
  }

  private static int classOf(int rows) {
    return 31 - Integer.numberOfLeadingZeros(Math.max(1, rows));
  }

  /** The largest size in a class: 2^(class + 1) - 1. */
  private static double largestOf(int sizeClass) {
    return Math.pow(2, sizeClass + 1) - 1;
  }

  /**
   * Two batches of different sizes give the fixed cost: the line through their times, where it meets zero rows. The
   * batch compared with is the last one whose size differs enough from this one's: while every batch takes longer than
   * the target by a fixed part alone (a scan of a table whose date no index leads), each shrinks the next by less than
   * that, and comparing each with the one just before would never tell the fixed part, and shrink batches to the
   * minimum (run M: 1,793 batches of 28 rows on Spring Integration's lock table without its index, 69 s where 13
   * batches took 0.5 s). A line that cuts below zero tells nothing and is ignored; one that does not rise says the rows
   * cost nothing measurable beside the fixed part, which is then the shorter of the two times. The estimate can never
   * exceed the time of the batch just seen.
   */
  private void estimateFixedCost(int rows, double nanos) {
    boolean compared = lastRows > 0 && Math.max(rows, lastRows) >= FIT_SPREAD * Math.min(rows, lastRows);
    if (compared) {
      double perRow = (nanos - lastNanos) / (rows - lastRows);
      double fixedPart = nanos - perRow * rows;
      if (perRow <= 0) {
        fixedNanos = Math.min(nanos, lastNanos);
      } else if (fixedPart >= 0) {
        fixedNanos = fixedPart;
      }
    }
    fixedNanos = Math.min(fixedNanos, nanos);
    if (compared || lastRows == 0) {
      lastRows = rows;
      lastNanos = nanos;
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
