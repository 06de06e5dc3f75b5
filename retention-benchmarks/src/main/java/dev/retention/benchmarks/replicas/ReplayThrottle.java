package dev.retention.benchmarks.replicas;

import dev.retention.it.support.PostgresReplicaPair;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Slows a replica: its replay runs {@code running} in every {@code period} and is paused the rest
 * ({@code pg_wal_replay_resume()} / {@code pg_wal_replay_pause()} on the replica), as a replica on slower disks or busy
 * with queries replays slower than its primary writes. Closing lets it replay at full speed again.
 */
final class ReplayThrottle implements AutoCloseable {

  private final AtomicBoolean running = new AtomicBoolean(true);
  private final Thread thread;
  private final PostgresReplicaPair pair;

  private ReplayThrottle(PostgresReplicaPair pair, Duration replaying, Duration period) {
    this.pair = pair;
    this.thread = new Thread(() -> loop(replaying, period), "replay-throttle");
  }

  static ReplayThrottle start(PostgresReplicaPair pair, Duration replaying, Duration period) {
    ReplayThrottle throttle = new ReplayThrottle(pair, replaying, period);
    throttle.thread.setDaemon(true);
    throttle.thread.start();
    return throttle;
  }

  private void loop(Duration replaying, Duration period) {
    try (Connection replica = DriverManager.getConnection(pair.replicaUrl("postgres"), pair.user(), "");
        Statement statement = replica.createStatement()) {
      while (running.get()) {
        statement.execute("select pg_wal_replay_resume()");
        Thread.sleep(replaying.toMillis());
        statement.execute("select pg_wal_replay_pause()");
        Thread.sleep(period.minus(replaying).toMillis());
      }
    } catch (SQLException e) {
      throw new IllegalStateException("The replay throttle failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() throws Exception {
    running.set(false);
    thread.join();
    pair.resumeReplay();
  }
}
