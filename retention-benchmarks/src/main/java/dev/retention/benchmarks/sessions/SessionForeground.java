package dev.retention.benchmarks.sessions;

import dev.retention.benchmarks.measure.LatencySummary;
import dev.retention.benchmarks.measure.Percentiles;
import dev.retention.it.support.ScratchDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The application's session writes while a sweep runs, as the harness's foreground load does for the other layouts:
 * single-row statements at a steady rate on a connection of their own, in autocommit, taking turns between creating a
 * session, touching a live one ({@code last_access_time}, as Spring Session does on each request) and touching an
 * expired one (the write that can meet the sweep's locks). Touches leave {@code expiry_time} alone, so the rows
 * expired at the cutoff stay the same.
 */
final class SessionForeground {

  private final ScratchDatabase database;
  private final long sessions;
  private final long expired;
  private final long cutoffMillis;
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

  private SessionForeground(ScratchDatabase database, long sessions, long expired, long cutoffMillis, int rate) {
    this.database = database;
    this.sessions = sessions;
    this.expired = expired;
    this.cutoffMillis = cutoffMillis;
    this.periodNanos = 1_000_000_000L / rate;
    this.thread = new Thread(this::run, "session-foreground");
    this.thread.setDaemon(true);
  }

  static SessionForeground start(ScratchDatabase database, long sessions, long expired, long cutoffMillis, int rate) {
    SessionForeground load = new SessionForeground(database, sessions, expired, cutoffMillis, rate);
    load.thread.start();
    return load;
  }

  private void run() {
    String insert = "insert into " + SessionTables.SESSIONS + " (primary_id, session_id, creation_time,"
        + " last_access_time, max_inactive_interval, expiry_time) values (?, ?, ?, ?, 1800, ?)";
    String touch = "update " + SessionTables.SESSIONS + " set last_access_time = ? where session_id = ?";
    try (Connection connection = database.connect();
        PreparedStatement inserting = connection.prepareStatement(insert);
        PreparedStatement touching = connection.prepareStatement(touch)) {
      connection.setAutoCommit(true);
      long next = System.nanoTime();
      while (running) {
        LockSupport.parkNanos(next - System.nanoTime());
        if (!running) {
          break;
        }
        long start = System.nanoTime();
        try {
          switch ((int) (operations % 3)) {
            case 0 -> {
              inserting.setString(1, String.format("fg-%033d", inserted + 1));
              inserting.setString(2, "fg" + (inserted + 1));
              inserting.setLong(3, cutoffMillis);
              inserting.setLong(4, cutoffMillis);
              inserting.setLong(5, cutoffMillis + 86_400_000L);
              inserting.executeUpdate();
              inserted++;
            }
            case 1 -> touch(touching, expired + 1 + random.nextLong(sessions - expired));
            default -> touch(touching, 1 + random.nextLong(expired));
          }
        } catch (SQLException e) {
          errors++;
          if (firstError.isEmpty()) {
            firstError = e.getMessage();
          }
        }
        operations++;
        latencies.add((System.nanoTime() - start) / 1e6);
        next = Math.max(next + periodNanos, System.nanoTime());
      }
    } catch (SQLException | RuntimeException e) {
      failure = e;
    }
  }

  private void touch(PreparedStatement touching, long session) throws SQLException {
    touching.setLong(1, cutoffMillis);
    touching.setString(2, SessionTables.sessionId(session));
    touching.executeUpdate();
  }

  LatencySummary stop() throws InterruptedException, SQLException {
    running = false;
    thread.join();
    if (failure != null) {
      throw new SQLException("The session foreground load on " + database + " failed: " + failure, failure);
    }
    Percentiles percentiles = Percentiles.of(latencies);
    return new LatencySummary(operations, errors, percentiles.at(50), percentiles.at(99), percentiles.max(), inserted,
        firstError);
  }
}
