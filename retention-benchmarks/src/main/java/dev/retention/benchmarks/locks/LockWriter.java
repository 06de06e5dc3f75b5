package dev.retention.benchmarks.locks;

import dev.retention.it.support.ScratchDatabase;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The lock table's own traffic during a drain ({@code --lock-writes=N} a second, autocommit): by turns, a client
 * renews a live lock ({@code update … set CREATED_DATE = ? where <key> = …}, as Spring's {@code DefaultLockRepository}
 * renews one) and takes a new one (an insert). Each write's time is measured; the longest is the writer's worst wait,
 * which a drain's row and gap locks lengthen. Live locks stay live (renewed past the cutoff); new ones are live.
 */
final class LockWriter implements Runnable {

  private final ScratchDatabase database;
  private final LockKeys keys;
  private final LocalDateTime cutoff;
  private final long locks;
  private final long expired;
  private final int rate;
  private final AtomicBoolean stop = new AtomicBoolean();
  private volatile long inserted;
  private volatile long writes;
  private volatile long failures;
  private volatile long longestNanos;

  LockWriter(ScratchDatabase database, LockKeys keys, LocalDateTime cutoff, long locks, long expired, int rate) {
    this.database = database;
    this.keys = keys;
    this.cutoff = cutoff;
    this.locks = locks;
    this.expired = expired;
    this.rate = rate;
  }

  @Override
  public void run() {
    String key = keys == LockKeys.COMPOSITE ? "LOCK_KEY = ? and REGION = ?" : "LOCK_KEY = ?";
    try (Connection connection = database.connect();
        PreparedStatement renew = connection.prepareStatement("update " + keys.table + " set CREATED_DATE = ?"
            + " where " + key);
        PreparedStatement take = connection.prepareStatement("insert into " + keys.table + " (LOCK_KEY, "
            + (keys == LockKeys.COMPOSITE ? "REGION, " : "") + "CLIENT_ID, CREATED_DATE) values (?, "
            + (keys == LockKeys.COMPOSITE ? "?, " : "") + "?, ?)")) {
      connection.setAutoCommit(true);
      long period = 1_000_000_000L / Math.max(1, rate);
      long next = System.nanoTime();
      for (long n = 0; !stop.get(); n++) {
        long start = System.nanoTime();
        try {
          if (n % 2 == 0) {
            long lock = expired + 1 + Math.floorMod(n * 7_919, locks - expired);
            renew.setObject(1, cutoff.plusDays(1));
            renew.setString(2, lockKey(lock));
            if (keys == LockKeys.COMPOSITE) {
              renew.setString(3, "region-" + lock % LockTables.REGIONS);
            }
            if (renew.executeUpdate() != 1) {
              throw new IllegalStateException("Live lock " + lock + " was not there to renew in " + keys.table);
            }
          } else {
            int column = 1;
            take.setString(column++, "new-" + n);
            if (keys == LockKeys.COMPOSITE) {
              take.setString(column++, "region-0");
            }
            take.setString(column++, "writer");
            take.setObject(column, cutoff.plusDays(1));
            take.executeUpdate();
            inserted++;
          }
          writes++;
        } catch (SQLException e) {
          failures++;
        }
        longestNanos = Math.max(longestNanos, System.nanoTime() - start);
        next += period;
        long sleep = next - System.nanoTime();
        if (sleep > 0) {
          Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("The lock writer could not write to " + keys.table + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Lock {@code i}'s {@code LOCK_KEY} as {@link LockTables} loads it: {@code md5(i)} in UUID form. */
  private static String lockKey(long i) {
    try {
      String hex = HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
          .digest(Long.toString(i).getBytes(StandardCharsets.US_ASCII)));
      return hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16) + "-"
          + hex.substring(16, 20) + "-" + hex.substring(20, 32);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("This JVM has no MD5", e);
    }
  }

  void stop() {
    stop.set(true);
  }

  long inserted() {
    return inserted;
  }

  long writes() {
    return writes;
  }

  long failures() {
    return failures;
  }

  double longestMillis() {
    return longestNanos / 1e6;
  }
}
