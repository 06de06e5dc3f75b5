package dev.retention.benchmarks.suite;

import dev.retention.benchmarks.database.Jpa;
import dev.retention.benchmarks.model.ExpiringRow;
import dev.retention.it.support.DatabaseUnavailableException;
import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestClock;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOption.ExpiredPartitions;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Expired partitions dropped whole against deleting their rows (issue 25), on PostgreSQL: a table partitioned by day
 * ({@code days} days, {@code rows} rows spread evenly), two thirds of the days and half of the next one expired, drained
 * three ways: one unbounded {@code DELETE} and the {@code VACUUM} it leaves behind; Retention with
 * {@code expired-partitions = drop} (the whole days go by {@code DETACH PARTITION … CONCURRENTLY} and {@code DROP}, the
 * half day by batches); and Retention by row batches alone. Each on a fresh load, with foreground writers inserting into
 * today's partition all along, whose longest wait is printed, as is the WAL each way wrote.
 */
public final class PartitionSuite {

  /**
   * The methods, in the order they run: whole days and half of the next, then a backlog of whole days alone (the
   * sweep's {@code now} on a day's start), whose drop then runs in a JVM the first drop warmed up (class loading, the
   * first native queries: about a second here), as an application's would.
   */
  public static final List<String> METHODS = List.of("unbounded-delete", "sweep-drop", "sweep-rows",
      "unbounded-delete/whole-days", "sweep-drop/whole-days");
  private static final Instant DAY_ZERO = Instant.parse("2026-01-01T00:00:00Z");

  private final long rows;
  private final int days;
  private final int writersPerSecond;
  private final List<String> methods;
  private final PrintStream out;

  /** @param methods the methods to run, of {@link #METHODS}, run in that list's order */
  public PartitionSuite(long rows, int days, int writersPerSecond, List<String> methods, PrintStream out) {
    for (String method : methods) {
      if (!METHODS.contains(method)) {
        throw new IllegalArgumentException("Unknown partition method '" + method + "'; known: " + METHODS);
      }
    }
    this.rows = rows;
    this.days = days;
    this.writersPerSecond = writersPerSecond;
    this.methods = METHODS.stream().filter(methods::contains).toList();
    this.out = out;
  }

  /**
   * One method's figures.
   *
   * @param foregroundWorst the longest a foreground insert waited while the method ran
   */
  record Result(String method, long expiredRows, Duration drain, Duration vacuum, long walBytes, int partitions,
      Duration foregroundWorst, long foregroundWrites) {}

  /** Runs the three methods and prints their table; PostgreSQL only, skipped with a message when it does not answer. */
  public List<Result> run() throws Exception {
    ScratchDatabase database;
    try {
      database = ScratchDatabase.createOnDisk(TestDatabase.Kind.POSTGRESQL, "retention_bench_part_", 0);
    } catch (DatabaseUnavailableException e) {
      out.println("[skipped] partitions: " + e.getMessage());
      return List.of();
    }
    List<Result> results = new ArrayList<>();
    try (database) {
      EntityManagerFactory emf = Jpa.factory(database);
      try {
        for (String method : methods) {
          wholeDays = method.endsWith("/whole-days");
          long expired = load(database);
          out.println("[postgresql partitions] " + method + ": " + rows + " rows over " + days + " days, " + expired
              + " expired");
          results.add(measure(database, emf, method, expired));
        }
      } finally {
        emf.close();
      }
    }
    print(results);
    return results;
  }

  /** Whether the method under way drains whole days alone. */
  private boolean wholeDays;

  /** The sweep's {@code now}: two thirds of the days past the first day, and half a day more but for whole days. */
  private Instant now() {
    return DAY_ZERO.plus(Duration.ofDays(days * 2L / 3)).plus(Duration.ofHours(wholeDays ? 0 : 12));
  }

  /** Replaces the table with one partitioned by day and loads it; returns the expired rows. */
  private long load(ScratchDatabase database) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute("drop table if exists expiring_row cascade");
      statement.execute("create table expiring_row (id bigint not null, expires_at timestamp(6) with time zone not"
          + " null, payload varchar(64), primary key (id, expires_at)) partition by range (expires_at)");
      statement.execute("create index expiring_row_expires_at on expiring_row (expires_at)");
      for (int day = 0; day < days; day++) {
        Instant from = DAY_ZERO.plus(Duration.ofDays(day));
        statement.execute("create table expiring_row_d" + day + " partition of expiring_row for values from ('"
            + Timestamp.from(from) + "+00') to ('" + Timestamp.from(from.plus(Duration.ofDays(1))) + "+00')");
      }
      // Evenly over the days, in order of time as written; the last day kept free for the foreground writers.
      long spanMicros = Duration.ofDays(days - 1).toNanos() / 1_000;
      statement.execute("insert into expiring_row select g, timestamptz '" + Timestamp.from(DAY_ZERO) + "+00' + (g - 1)"
          + " * interval '1 microsecond' * " + (spanMicros / rows) + ", md5(g::text) from generate_series(1, " + rows
          + ") g");
      statement.execute("vacuum analyze expiring_row");
      try (ResultSet count = statement.executeQuery("select count(*) from expiring_row where expires_at <= '"
          + Timestamp.from(now()) + "+00'")) {
        count.next();
        return count.getLong(1);
      }
    }
  }

  private Result measure(ScratchDatabase database, EntityManagerFactory emf, String method, long expired)
      throws Exception {
    // The runtime is built (the catalog read) before the clock starts: a running application built it long before.
    RetentionRuntime retention = method.startsWith("unbounded-delete") ? null : RetentionRuntime.builder(emf)
        .clock(new TestClock(now()))
        .options(ExpiringRow.class.getName(), RetentionOptions.empty()
            .withExpiredPartitions(method.startsWith("sweep-drop") ? ExpiredPartitions.DROP : ExpiredPartitions.ROWS)
            .withMaxBatchesPerSweep(100_000))
        .build();
    Writers writers = new Writers(database, now().plus(Duration.ofDays(days / 3 - 1)));
    writers.start();
    long walBefore = wal(database);
    long start = System.nanoTime();
    Duration vacuum = Duration.ZERO;
    int partitions = 0;
    try {
      if (method.startsWith("unbounded-delete")) {
        try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
          statement.executeUpdate("delete from expiring_row where expires_at <= '" + Timestamp.from(now()) + "+00'");
          long vacuumStart = System.nanoTime();
          statement.execute("vacuum expiring_row");
          vacuum = Duration.ofNanos(System.nanoTime() - vacuumStart);
        }
      } else {
        SweepReport report;
        do {
          report = retention.sweep(ExpiringRow.class.getName());
          if (!report.succeeded()) {
            throw new IllegalStateException(method + " failed: " + report.failure().orElseThrow(),
                report.failure().orElseThrow());
          }
          partitions += report.partitionsDropped();
        } while (report.workRemains());
      }
    } finally {
      writers.stop();
      if (retention != null) {
        retention.close();
      }
    }
    Duration drain = Duration.ofNanos(System.nanoTime() - start).minus(vacuum);
    long walBytes = wal(database) - walBefore;
    long left;
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet count = statement.executeQuery("select count(*) from expiring_row where expires_at <= '"
            + Timestamp.from(now()) + "+00'")) {
      count.next();
      left = count.getLong(1);
    }
    if (left != 0) {
      throw new IllegalStateException(method + " left " + left + " expired rows");
    }
    return new Result(method, expired, drain, vacuum, walBytes, partitions, writers.worst(), writers.writes());
  }

  private static long wal(ScratchDatabase database) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet lsn = statement.executeQuery("select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint")) {
      lsn.next();
      return lsn.getLong(1);
    }
  }

  private void print(List<Result> results) {
    if (results.isEmpty()) {
      return;
    }
    out.println();
    out.println("Expired partitions (PostgreSQL, " + rows + " rows by day over " + days + " days; foreground inserts "
        + writersPerSecond + "/s into today's partition)");
    out.println(String.format(Locale.ROOT, "%-28s %12s %10s %10s %12s %11s %15s %10s", "method", "expired rows",
        "drain s", "vacuum s", "WAL MB", "partitions", "fg worst ms", "fg writes"));
    for (Result result : results) {
      out.println(String.format(Locale.ROOT, "%-28s %12d %10.2f %10.2f %12.1f %11d %15.1f %10d", result.method(),
          result.expiredRows(), seconds(result.drain()), seconds(result.vacuum()), result.walBytes() / 1e6,
          result.partitions(), result.foregroundWorst().toNanos() / 1e6, result.foregroundWrites()));
    }
    compare(results, "unbounded-delete/whole-days", "sweep-drop/whole-days");
    compare(results, "unbounded-delete", "sweep-drop");
  }

  private void compare(List<Result> results, String deleteMethod, String dropMethod) {
    Result delete = results.stream().filter(result -> result.method().equals(deleteMethod)).findFirst().orElse(null);
    Result drop = results.stream().filter(result -> result.method().equals(dropMethod)).findFirst().orElse(null);
    if (delete == null || drop == null) {
      return; // one of the two not run (--partition-methods)
    }
    double deleteTotal = seconds(delete.drain()) + seconds(delete.vacuum());
    out.println(String.format(Locale.ROOT, "%s against %s and its VACUUM: %.1fx faster, %.2f%% of its WAL,"
        + " foreground worst wait %.1f ms (%.1f ms during the DELETE)", dropMethod, deleteMethod,
        deleteTotal / seconds(drop.drain()), 100.0 * drop.walBytes() / delete.walBytes(),
        drop.foregroundWorst().toNanos() / 1e6, delete.foregroundWorst().toNanos() / 1e6));
  }

  private static double seconds(Duration duration) {
    return duration.toNanos() / 1e9;
  }

  /** Foreground inserts into today's partition at a steady rate on a connection of their own, each timed. */
  private final class Writers {
    private final ScratchDatabase database;
    private final Instant today;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong worstNanos = new AtomicLong();
    private final AtomicLong writes = new AtomicLong();
    private Thread thread;
    private volatile Exception failure;

    Writers(ScratchDatabase database, Instant today) {
      this.database = database;
      this.today = today;
    }

    void start() {
      if (writersPerSecond <= 0) {
        running.set(false); // no foreground writes
      }
      thread = new Thread(this::write, "partition-benchmark-writer");
      thread.start();
    }

    private void write() {
      long pauseNanos = writersPerSecond > 0 ? 1_000_000_000L / writersPerSecond : 0;
      long id = -1;
      try (Connection connection = database.connect();
          PreparedStatement insert = connection.prepareStatement(
              "insert into expiring_row (id, expires_at, payload) values (?, ?, 'foreground')")) {
        while (running.get()) {
          long begin = System.nanoTime();
          insert.setLong(1, id--);
          insert.setTimestamp(2, Timestamp.from(today));
          insert.executeUpdate();
          long took = System.nanoTime() - begin;
          worstNanos.accumulateAndGet(took, Math::max);
          writes.incrementAndGet();
          long rest = pauseNanos - took;
          if (rest > 0) {
            Thread.sleep(rest / 1_000_000, (int) (rest % 1_000_000));
          }
        }
      } catch (Exception e) {
        failure = e;
      }
    }

    void stop() throws Exception {
      running.set(false);
      thread.join();
      if (failure != null) {
        throw failure;
      }
    }

    Duration worst() {
      return Duration.ofNanos(worstNanos.get());
    }

    long writes() {
      return writes.get();
    }
  }
}
