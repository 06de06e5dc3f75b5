package dev.retention.benchmarks.measure;

import dev.retention.it.support.ScratchDatabase;
import dev.retention.benchmarks.database.SqlDialect;
import dev.retention.benchmarks.database.TableLoader;
import dev.retention.benchmarks.database.Workload;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The application's own writes while a drain runs: single-row statements at a steady rate on a connection of their
 * own, in autocommit, taking turns between inserting a live row, updating a live row, and updating an expired row (the
 * one that can collide with the drain's locks). Each write's time, from sending to commit, is recorded. A table with no
 * live row of its own (a backlog of expired rows only) gets its live updates on the rows this load inserted.
 *
 * <p>The rate is held by a schedule: when a write takes longer than the period, the next starts at once and the
 * schedule moves on rather than bursting to catch up.
 */
public final class ForegroundLoad {

  private static final Duration INSERTED_ROW_LIFETIME = Duration.ofDays(1);

  private final ScratchDatabase database;
  private final Workload workload;
  private final long periodNanos;
  private final Thread thread;
  private final List<Double> latencies = new ArrayList<>();
  private final SplittableRandom random = new SplittableRandom(42);
  private volatile boolean running = true;
  private long operations;
  private long errors;
  private long inserted;
  private String firstError = "";
  private Exception failure;

  private ForegroundLoad(ScratchDatabase database, Workload workload, int operationsPerSecond) {
    this.database = database;
    this.workload = workload;
    this.periodNanos = 1_000_000_000L / operationsPerSecond;
    this.thread = new Thread(this::run, "foreground-load");
    this.thread.setDaemon(true);
  }

  /** Starts writing at {@code operationsPerSecond}; returns at once. */
  public static ForegroundLoad start(ScratchDatabase database, Workload workload, int operationsPerSecond) {
    ForegroundLoad load = new ForegroundLoad(database, workload, operationsPerSecond);
    load.thread.start();
    return load;
  }

  private void run() {
    String insert = "insert into " + TableLoader.TABLE + " (id, expires_at, payload) values (?, "
        + SqlDialect.of(database.kind()).cutoffLiteral(Workload.CUTOFF.plus(INSERTED_ROW_LIFETIME)) + ", ?)";
    String update = "update " + TableLoader.TABLE + " set payload = ? where id = ?";
    try (Connection connection = database.connect();
        PreparedStatement inserting = connection.prepareStatement(insert);
        PreparedStatement updating = connection.prepareStatement(update)) {
      connection.setAutoCommit(true);
      long next = System.nanoTime();
      while (running) {
        LockSupport.parkNanos(next - System.nanoTime());
        if (!running) {
          break;
        }
        int turn = (int) (operations % 3);
        long target = turn == 0 ? -1 : turn == 1 ? liveId() : expiredId();
        if (target < 0) {
          insert(inserting);
        } else {
          update(updating, target);
        }
        next = Math.max(next + periodNanos, System.nanoTime());
      }
    } catch (SQLException | RuntimeException e) {
      // Reported by stop(): a load that died would otherwise look like a quiet database.
      failure = e;
    }
  }

  /** A live row to update: one of the workload's, else one this load inserted, else none (-1: insert instead). */
  private long liveId() {
    if (workload.live() > 0) {
      return workload.randomId(false, random);
    }
    return inserted > 0 ? workload.rows() + 1 + random.nextLong(inserted) : -1;
  }

  /** An expired row to update (the drain may have deleted it already), or -1 when the workload has none. */
  private long expiredId() {
    return workload.expired() > 0 ? workload.randomId(true, random) : -1;
  }

  private void insert(PreparedStatement statement) {
    long start = System.nanoTime();
    try {
      statement.setLong(1, workload.rows() + inserted + 1);
      statement.setString(2, "foreground insert");
      statement.executeUpdate();
      inserted++;
    } catch (SQLException e) {
      countError(e);
    }
    record(start);
  }

  private void update(PreparedStatement statement, long id) {
    long start = System.nanoTime();
    try {
      statement.setString(1, "foreground update");
      statement.setLong(2, id);
      statement.executeUpdate();
    } catch (SQLException e) {
      countError(e);
    }
    record(start);
  }

  /** A lock wait timeout or deadlock is a result of the drain under test: count it, keep the first, go on. */
  private void countError(SQLException e) {
    errors++;
    if (firstError.isEmpty()) {
      firstError = e.getMessage();
    }
  }

  private void record(long start) {
    operations++;
    latencies.add((System.nanoTime() - start) / 1e6);
  }

  /** Stops the load after the write in flight and summarizes it. */
  public LatencySummary stop() throws InterruptedException, SQLException {
    running = false;
    thread.join();
    if (failure != null) {
      throw new SQLException("The foreground load on " + database + " failed: " + failure, failure);
    }
    Percentiles percentiles = Percentiles.of(latencies);
    return new LatencySummary(operations, errors, percentiles.at(50), percentiles.at(99), percentiles.max(), inserted,
        firstError);
  }
}
