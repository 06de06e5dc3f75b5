package dev.retention.benchmarks.conditions;

import dev.retention.benchmarks.model.Club;
import dev.retention.benchmarks.model.ClubDraft;
import dev.retention.it.support.DatabaseUnavailableException;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
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
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * {@code --modes=conditions}: a table of {@code --rows} drafts, every one expired, whose condition reads their club
 * through a {@code @ManyToOne} ({@code e.club.active = false}; three clubs in four inactive), drained by on-demand sweeps
 * at the runtime's defaults: the statements the runtime chooses on each database, each batch's time (the first, which
 * compiles the statements and warms the JIT, then the median and the slowest of the others), the sweeps and the
 * drain, and the rows left against those the condition keeps. A batch's time
 * must follow the batch, not the table: the statement a provider writes for a delete through a to-one on H2
 * ({@code where exists (… and dml_target_._rowid_ = …)}) read the whole table each batch.
 */
public final class ConditionSuite {

  private static final String PASS = ClubDraft.class.getName();
  private static final int CLUBS = 40;
  /** A bound no drain at the defaults reaches unless sweeps stop deleting. */
  private static final int MAX_SWEEPS = 1_000;

  private final long rows;
  private final boolean requireServers;
  private final PrintStream print;

  public ConditionSuite(long rows, boolean requireServers, PrintStream print) {
    this.rows = rows;
    this.requireServers = requireServers;
    this.print = print;
  }

  /** Runs the drain on each database; false when one failed or left rows the condition lets go. */
  public boolean run(List<TestDatabase.Kind> kinds) throws SQLException {
    print.println();
    print.println("A condition through a to-one (e.club.active = false), " + rows + " rows, every one expired,"
        + " three clubs in four inactive; on-demand sweeps at the defaults");
    print.println(String.format("%-12s %-28s %8s %8s %12s %12s %12s %10s %s", "database", "statements", "sweeps",
        "batches", "first batch", "median", "slowest", "drain", "rows left"));
    boolean allDrained = true;
    for (TestDatabase.Kind kind : kinds) {
      allDrained &= run(kind);
    }
    return allDrained;
  }

  private boolean run(TestDatabase.Kind kind) throws SQLException {
    ScratchDatabase database;
    try {
      database = ScratchDatabase.create(kind, "retention_bench_");
    } catch (DatabaseUnavailableException e) {
      if (requireServers) {
        throw new IllegalStateException(e.getMessage() + " (--require-servers=true)", e);
      }
      print.println("[skipped] " + kind.label() + ": " + e.getMessage());
      return true;
    }
    try (database) {
      EntityManagerFactory emf = Jpa.factory(database, List.of(Club.class, ClubDraft.class), java.util.Map.of());
      try {
        long kept;
        try (Connection connection = database.connect()) {
          kept = load(connection);
        }
        List<BatchReport> batches = new CopyOnWriteArrayList<>();
        SweepListener listener = new SweepListener() {
          @Override
          public void batchCompleted(BatchReport batch) {
            batches.add(batch);
          }
        };
        try (RetentionRuntime retention = RetentionRuntime.builder(emf).listener(listener).build()) {
          String statements = retention.settings(PASS).statementShape().description();
          long start = System.nanoTime();
          int sweeps = 0;
          SweepReport report;
          do {
            report = retention.sweep(PASS);
            sweeps++;
            if (!report.succeeded()) {
              print.println(String.format("%-12s %-28s failed in sweep %d: %s", kind.label(), statements, sweeps,
                  report.failure().orElseThrow()));
              return false;
            }
          } while (report.workRemains() && sweeps < MAX_SWEEPS);
          Duration drain = Duration.ofNanos(System.nanoTime() - start);
          long left;
          try (Connection connection = database.connect()) {
            left = count(connection);
          }
          List<Duration> times = new ArrayList<>(batches.stream().map(BatchReport::duration).toList());
          // The first batch compiles the statements and warms the JIT: shown apart from the others.
          Duration first = times.isEmpty() ? Duration.ZERO : times.remove(0);
          Collections.sort(times);
          Duration median = times.isEmpty() ? Duration.ZERO : times.get(times.size() / 2);
          Duration slowest = times.isEmpty() ? Duration.ZERO : times.get(times.size() - 1);
          print.println(String.format("%-12s %-28s %8d %8d %9d ms %9d ms %9d ms %8.1f s %d (kept %d)", kind.label(),
              statements, sweeps, times.size() + 1, first.toMillis(), median.toMillis(), slowest.toMillis(),
              drain.toMillis() / 1e3, left, kept));
          return left == kept;
        }
      } finally {
        emf.close();
      }
    }
  }

  /** Loads the clubs and the drafts, every draft expired an hour to a day ago; the drafts whose club is active. */
  private long load(Connection connection) throws SQLException {
    connection.setAutoCommit(false);
    try (PreparedStatement insert = connection.prepareStatement("insert into club (id, active) values (?, ?)")) {
      for (long id = 0; id < CLUBS; id++) {
        insert.setLong(1, id);
        insert.setBoolean(2, active(id));
        insert.addBatch();
      }
      insert.executeBatch();
    }
    Instant now = Instant.now();
    long kept = 0;
    try (PreparedStatement insert = connection.prepareStatement(
        "insert into club_draft (id, club_id, expires_at, payload) values (?, ?, ?, ?)")) {
      for (long id = 1; id <= rows; id++) {
        long club = id % CLUBS;
        kept += active(club) ? 1 : 0;
        insert.setLong(1, id);
        insert.setLong(2, club);
        insert.setTimestamp(3, Timestamp.from(now.minus(Duration.ofHours(1)).minusSeconds(id * 7 % 82_800)));
        insert.setString(4, "draft " + id);
        insert.addBatch();
        if (id % 5_000 == 0) {
          insert.executeBatch();
        }
      }
      insert.executeBatch();
    }
    connection.commit();
    return kept;
  }

  private static boolean active(long club) {
    return club % 4 == 0;
  }

  private static long count(Connection connection) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement("select count(*) from club_draft");
        ResultSet result = select.executeQuery()) {
      result.next();
      return result.getLong(1);
    }
  }
}
