package dev.retention.benchmarks.replicas;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Samples the replica's lag from the primary every {@code every}: WAL bytes behind
 * ({@code pg_current_wal_lsn() - replay_lsn}), {@code replay_lag}, and the replica's replay position, so that the moment
 * it caught up with a given position is known to within one sample.
 */
final class LagSampler implements AutoCloseable {

  /** One sample. */
  record Sample(long atNanos, long bytesBehind, double replaySeconds, long replayed) {}

  /** The samples' figures. */
  record Figures(long maxBytes, long p95Bytes, double maxReplaySeconds, double p95ReplaySeconds) {}

  private final List<Sample> samples = new ArrayList<>();
  private final Thread thread;
  private volatile boolean running = true;
  private volatile SQLException failure;

  private LagSampler(String url, String user, Duration every) {
    this.thread = new Thread(() -> loop(url, user, every), "lag-sampler");
    this.thread.setDaemon(true);
  }

  static LagSampler start(String url, String user, Duration every) {
    LagSampler sampler = new LagSampler(url, user, every);
    sampler.thread.start();
    return sampler;
  }

  private void loop(String url, String user, Duration every) {
    try (Connection primary = DriverManager.getConnection(url, user, "");
        Statement statement = primary.createStatement()) {
      while (running) {
        try (ResultSet result = statement.executeQuery("select"
            + " coalesce(max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)), 0)::bigint,"
            + " coalesce(max(extract(epoch from replay_lag)), 0)::float8,"
            + " coalesce(min(pg_wal_lsn_diff(replay_lsn, '0/0')), 0)::bigint from pg_stat_replication")) {
          result.next();
          synchronized (samples) {
            samples.add(new Sample(System.nanoTime(), result.getLong(1), result.getDouble(2), result.getLong(3)));
            samples.notifyAll();
          }
        }
        Thread.sleep(every.toMillis());
      }
    } catch (SQLException e) {
      failure = e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** When the replica had replayed up to {@code position}, waiting for it; empty after {@code atMost}. */
  OptionalLong awaitCaughtUp(long position, Duration atMost) throws InterruptedException {
    long deadline = System.nanoTime() + atMost.toNanos();
    synchronized (samples) {
      while (true) {
        Optional<Sample> caught = samples.stream().filter(sample -> sample.replayed() >= position).findFirst();
        if (caught.isPresent()) {
          return OptionalLong.of(caught.get().atNanos());
        }
        long left = deadline - System.nanoTime();
        if (left <= 0 || failure != null) {
          return OptionalLong.empty();
        }
        samples.wait(Math.max(1, left / 1_000_000));
      }
    }
  }

  /** When the replica had replayed up to {@code position}, waiting up to ten minutes for it. */
  Optional<Long> caughtUpAt(long position) throws InterruptedException {
    OptionalLong at = awaitCaughtUp(position, Duration.ofMinutes(10));
    return at.isPresent() ? Optional.of(at.getAsLong()) : Optional.empty();
  }

  Figures figures() {
    synchronized (samples) {
      long[] bytes = samples.stream().mapToLong(Sample::bytesBehind).sorted().toArray();
      double[] replay = samples.stream().mapToDouble(Sample::replaySeconds).sorted().toArray();
      return new Figures(bytes.length == 0 ? 0 : bytes[bytes.length - 1], percentile(bytes),
          replay.length == 0 ? 0 : replay[replay.length - 1], percentile(replay));
    }
  }

  private static long percentile(long[] sorted) {
    return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
  }

  private static double percentile(double[] sorted) {
    return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    thread.join();
  }
}
