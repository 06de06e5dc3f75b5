package dev.retention.benchmarks.database;

import java.math.BigInteger;
import java.time.Instant;
import java.util.random.RandomGenerator;

/**
 * The rows of one run: ids 1 to {@code rows}, of which exactly {@code expired} are expired at {@link #CUTOFF}.
 *
 * <p>Each id {@code i} has a rank {@code k(i)} in 0 to rows - 1, and {@code expires_at = CUTOFF + (k - expired + 1)}
 * seconds, so the rows of rank below {@code expired} are exactly the expired ones. In the ordered layout the rank is
 * {@code i - 1}. In the scattered layout it is {@code (i - 1) * m mod rows} for a multiplier {@code m} near
 * {@code 0.618 * rows} and coprime with it: a permutation that the database computes in the same statement that
 * inserts, identical on every database and every run, that alternates expired and live rows along the ids (and so
 * along the pages of a heap table) without the clustering of a small multiplier.
 *
 * @param rows rows in the table
 * @param expired rows expired at the cutoff
 * @param layout where the expired rows sit
 */
public record Workload(long rows, long expired, Layout layout) {

  /** The cutoff of every measured drain: the runtime's clock stands still here. */
  public static final Instant CUTOFF = Instant.parse("2030-01-01T00:00:00Z");

  public Workload {
    if (rows < 1 || expired < 0 || expired > rows) {
      throw new IllegalArgumentException("A workload needs rows >= 1 and 0 <= expired <= rows, not rows=" + rows
          + ", expired=" + expired);
    }
  }

  /** The multiplier of the scattered permutation; 1 (no scatter) for the ordered layout. */
  public long multiplier() {
    if (layout == Layout.ORDERED) {
      return 1;
    }
    long candidate = Math.max(1, Math.round(rows * 0.6180339887));
    while (!BigInteger.valueOf(candidate).gcd(BigInteger.valueOf(rows)).equals(BigInteger.ONE)) {
      candidate++;
    }
    return candidate;
  }

  /** The rank of id {@code id}, as the loading statement computes it. */
  public long rank(long id) {
    return Math.floorMod(Math.multiplyExact(id - 1, multiplier()), rows);
  }

  public boolean isExpired(long id) {
    return rank(id) < expired;
  }

  /** Seconds from the cutoff to the expiry of the row of rank {@code rank}: at most 0 exactly when expired. */
  public long expiryOffsetSeconds(long rank) {
    return rank - expired + 1;
  }

  /** A cutoff before every row's expiry, where a sweep finds nothing to delete. */
  public Instant idleCutoff() {
    return CUTOFF.minusSeconds(expired);
  }

  /** Rows left once every expired row is gone. */
  public long live() {
    return rows - expired;
  }

  /** A random id among the expired rows ({@code expired = true}) or the live ones; the table must hold some. */
  public long randomId(boolean wantExpired, RandomGenerator random) {
    if (wantExpired ? expired == 0 : expired == rows) {
      throw new IllegalStateException("No " + (wantExpired ? "expired" : "live") + " row in " + this);
    }
    while (true) {
      long id = 1 + random.nextLong(rows);
      if (isExpired(id) == wantExpired) {
        return id;
      }
    }
  }

  @Override
  public String toString() {
    return String.format("%,d rows, %,d expired, %s", rows, expired, layout.key());
  }
}
