package dev.retention.benchmarks.held;

import dev.retention.benchmarks.database.StatementCounter;
import dev.retention.benchmarks.model.ExpiringRow;
import dev.retention.it.support.DatabaseUnavailableException;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code --modes=held}: one expired row held by another transaction (an update left uncommitted, as an application
 * holds a row it works on) while the runtime sweeps in the background at its defaults, without a start-up stagger and
 * with {@code batch-timeout} 1s, for {@code --held-seconds}: how many sweeps it runs and how many statements they send
 * meanwhile, a second; then the row is released, and the time until a sweep deletes it. On the servers only: H2 skips
 * no held row, its batch waits for it until the batch timeout. Wall time, on purpose: the figure is what a held row
 * costs a running application.
 */
public final class HeldRowSuite {

  private static final String PASS = ExpiringRow.class.getName();
  private static final int LIVE_ROWS = 1_000;
  private static final long HELD_ID = 0;
  /** The longest the suite waits for the released row to go: the longest backoff, five minutes, and a margin. */
  private static final Duration RELEASE_PATIENCE = Duration.ofMinutes(6);

  private final Duration held;
  private final boolean requireServers;
  private final PrintStream print;

  public HeldRowSuite(Duration held, boolean requireServers, PrintStream print) {
    this.held = held;
    this.requireServers = requireServers;
    this.print = print;
  }

  public void run(List<TestDatabase.Kind> kinds) throws SQLException, InterruptedException {
    print.println();
    print.println("One expired row held for " + held.toSeconds() + " s, background sweeps at the defaults"
        + " (batch-timeout 1s, no start-up stagger)");
    print.println(String.format("%-12s %8s %10s %12s %14s %s", "database", "sweeps", "sweeps/s", "statements",
        "statements/s", "after release"));
    for (TestDatabase.Kind kind : kinds) {
      if (kind == TestDatabase.Kind.H2) {
        print.println(String.format("%-12s %s", kind.label(), "skipped: H2 skips no held row"));
        continue;
      }
      run(kind);
    }
  }

  private void run(TestDatabase.Kind kind) throws SQLException, InterruptedException {
    ScratchDatabase database;
    try {
      database = ScratchDatabase.create(kind, "retention_bench_");
    } catch (DatabaseUnavailableException e) {
      if (requireServers) {
        throw new IllegalStateException(e.getMessage() + " (--require-servers=true)", e);
      }
      print.println("[skipped] " + kind.label() + ": " + e.getMessage());
      return;
    }
    try (database) {
      EntityManagerFactory emf = Jpa.factory(database, List.of(ExpiringRow.class),
          Map.of("jakarta.persistence.jdbc.url", StatementCounter.url(database.url())));
      try (Connection application = database.connect()) {
        load(application);
        application.setAutoCommit(false);
        hold(application);
        AtomicInteger sweeps = new AtomicInteger();
        SweepListener counting = new SweepListener() {
          @Override
          public void sweepFinished(SweepReport report) {
            sweeps.incrementAndGet();
          }
        };
        try (RetentionRuntime retention = RetentionRuntime.builder(emf)
            .defaults(RetentionOptions.empty().withMaxStartupStagger(Duration.ZERO)
                .withBatchTimeout(Duration.ofSeconds(1)))
            .listener(counting)
            .build()) {
          long statementsBefore = StatementCounter.executed();
          long start = System.nanoTime();
          retention.start();
          Thread.sleep(held.toMillis());
          int sweepsHeld = sweeps.get();
          long statements = StatementCounter.executed() - statementsBefore;
          double seconds = (System.nanoTime() - start) / 1e9;
          application.rollback();
          long released = System.nanoTime();
          String afterRelease = awaitDeleted(database, released)
              .map(took -> String.format("deleted %.1f s later", took.toMillis() / 1e3))
              .orElse("not deleted within " + RELEASE_PATIENCE.toMinutes() + " min");
          print.println(String.format("%-12s %8d %10.1f %12d %14.1f %s", kind.label(), sweepsHeld,
              sweepsHeld / seconds, statements, statements / seconds, afterRelease));
        }
      } finally {
        emf.close();
      }
    }
  }

  private static void load(Connection connection) throws SQLException {
    Instant now = Instant.now();
    try (PreparedStatement insert = connection.prepareStatement(
        "insert into expiring_row (id, expires_at, payload) values (?, ?, ?)")) {
      for (long id = HELD_ID; id <= LIVE_ROWS; id++) {
        insert.setLong(1, id);
        insert.setTimestamp(2, Timestamp.from(id == HELD_ID ? now.minus(Duration.ofHours(1))
            : now.plus(Duration.ofDays(1))));
        insert.setString(3, "row " + id);
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  /** Updates the expired row and leaves the transaction open: the row stays expired, and locked. */
  private static void hold(Connection connection) throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(
        "update expiring_row set payload = 'held' where id = ?")) {
      update.setLong(1, HELD_ID);
      if (update.executeUpdate() != 1) {
        throw new IllegalStateException("the expired row to hold is missing");
      }
    }
  }

  /** How long after {@code releasedNanos} the held row was gone; empty when it was not within the patience. */
  private static java.util.Optional<Duration> awaitDeleted(ScratchDatabase database, long releasedNanos)
      throws SQLException, InterruptedException {
    try (Connection connection = database.connect();
        PreparedStatement present = connection.prepareStatement("select count(*) from expiring_row where id = ?")) {
      present.setLong(1, HELD_ID);
      while (System.nanoTime() - releasedNanos < RELEASE_PATIENCE.toNanos()) {
        try (ResultSet count = present.executeQuery()) {
          count.next();
          if (count.getLong(1) == 0) {
            return java.util.Optional.of(Duration.ofNanos(System.nanoTime() - releasedNanos));
          }
        }
        Thread.sleep(100);
      }
    }
    return java.util.Optional.empty();
  }
}
