package dev.retention.benchmarks.replicas;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The application on the primary: {@code rate} small inserts a second, each its own commit, into a table of its own.
 * Besides being the workload a drain shares the database with, its WAL keeps the replica reporting its progress.
 */
final class ForegroundWriter implements AutoCloseable {

  private final ScheduledExecutorService executor;
  private final Connection connection;

  private ForegroundWriter(ScheduledExecutorService executor, Connection connection) {
    this.executor = executor;
    this.connection = connection;
  }

  static ForegroundWriter start(String url, String user, int rate) throws SQLException {
    Connection connection = DriverManager.getConnection(url, user, "");
    ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(task -> {
      Thread thread = new Thread(task, "foreground-writer");
      thread.setDaemon(true);
      return thread;
    });
    if (rate > 0) {
      PreparedStatement insert = connection.prepareStatement(
          "insert into foreground_write (at, payload) values (now(), 'a foreground write')");
      executor.scheduleAtFixedRate(() -> {
        try {
          insert.executeUpdate();
        } catch (SQLException e) {
          throw new IllegalStateException("A foreground write failed", e);
        }
      }, 0, 1_000_000 / rate, TimeUnit.MICROSECONDS);
    }
    return new ForegroundWriter(executor, connection);
  }

  @Override
  public void close() throws Exception {
    executor.shutdownNow();
    executor.awaitTermination(10, TimeUnit.SECONDS);
    connection.close();
  }
}
