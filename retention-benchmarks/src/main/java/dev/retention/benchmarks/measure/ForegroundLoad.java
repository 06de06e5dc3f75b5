package dev.retention.benchmarks.measure;

import dev.retention.benchmarks.database.BenchmarkDatabase;
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
 * one that can collide with the drain's locks). Each write's time, from sending to commit, is recorded.
 *
 * <p>The rate is held by a schedule: when a write takes longer than the period, the next starts at once and the
 * schedule moves on rather than bursting to catch up.
 */
public final class ForegroundLoad implements AutoCloseable {

  private static final Duration INSERTED_ROW_LIFETIME = Duration.ofDays(1);

  private final BenchmarkDatabase database;
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
  private SQLException connectionFailure;

  private ForegroundLoad(BenchmarkDatabase database, Workload workload, int operationsPerSecond) {
    this.database = database;
    this.workload = workload;
    this.periodNanos = 1_000_000_000L / operationsPerSecond;
    this.thread = new Thread(this::run, "foreground-load");
    this.thread.setDaemon(true);
  }

  /** Starts writing at {@code operationsPerSecond}; returns at once. */
  public static ForegroundLoad start(BenchmarkDatabase database, Workload workload, int operationsPerSecond) {
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
        write(operations % 3 == 0 ? inserting : updating, (int) (operations % 3));
        next = Math.max(next + periodNanos, System.nanoTime());
      }
    } catch (SQLException e) {
      connectionFailure = e;
    }
  }

  /** Kind 0 inserts a live row; 1 updates a live row; 2 updates an expired row (which the drain may have deleted). */
  private void write(PreparedStatement statement, int kind) {
    long start = System.nanoTime();
    try {
      if (kind == 0) {
        statement.setLong(1, workload.rows() + inserted + 1);
        statement.setString(2, "foreground insert");
      } else {
        statement.setString(1, "foreground update");
        statement.setLong(2, workload.randomId(kind == 2, random));
      }
      statement.executeUpdate();
      if (kind == 0) {
        inserted++;
      }
    } catch (SQLException e) {
      // A lock wait timeout or deadlock is a result of the drain under test: count it, keep the first, go on.
      errors++;
      if (firstError.isEmpty()) {
        firstError = e.getMessage();
      }
    }
    operations++;
    latencies.add((System.nanoTime() - start) / 1e6);
  }

  /** Stops the load after the write in flight and summarizes it. */
  public LatencySummary stop() throws InterruptedException, SQLException {
    running = false;
    thread.join();
    if (connectionFailure != null) {
      throw new SQLException("The foreground load on " + database + " failed: " + connectionFailure.getMessage(),
          connectionFailure);
    }
    Percentiles percentiles = Percentiles.of(latencies);
    return new LatencySummary(operations, errors, percentiles.at(50), percentiles.at(99), percentiles.max(), inserted,
        firstError);
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    thread.join();
  }
}
