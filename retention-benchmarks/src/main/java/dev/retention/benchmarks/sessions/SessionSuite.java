package dev.retention.benchmarks.sessions;

import dev.retention.benchmarks.BenchmarkOptions;
import dev.retention.benchmarks.measure.LatencySummary;
import dev.retention.benchmarks.measure.Percentiles;
import dev.retention.benchmarks.model.SessionRow;
import dev.retention.benchmarks.report.DrainResult;
import dev.retention.benchmarks.report.RunResults;
import dev.retention.it.support.DatabaseUnavailableException;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.BatchReport;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Spring Session-shaped layout (issue 24's case): {@code spring_session} with a string key, epoch-millisecond
 * {@code expiry_time} and five cascaded attributes a session, half the sessions expired, drained three ways with the
 * session foreground load writing: the runtime at its defaults ({@code sweep-default}: only {@code batch-delay} 0 and
 * enough batches to drain, as every harness sweep; batches sized by {@code batch-target}), the runtime with fixed
 * batches of 500 ({@code sweep-500}, the default before run L), the runtime on the portable JPQL
 * ({@code portable-default}), and
 * Spring Session's own cleanup statement, {@code delete from spring_session where expiry_time < ?}, unbounded, in one
 * transaction ({@code unbounded-delete}). PostgreSQL and MariaDB only: Spring Session's H2 script is not the case.
 */
public final class SessionSuite {

  public static final String PASS = SessionRow.class.getName();
  public static final List<String> STRATEGIES = List.of("sweep-default", "sweep-500", "portable-default",
      "unbounded-delete");
  private static final Instant CUTOFF = Instant.parse("2030-01-01T00:00:00Z");
  private static final long WARM_UP_SESSIONS = 2_000;

  private final BenchmarkOptions options;
  private final RunResults results;

  public SessionSuite(BenchmarkOptions options, RunResults results) {
    this.options = options;
    this.results = results;
  }

  public void run(TestDatabase.Kind kind) throws SQLException, InterruptedException {
    if (kind == TestDatabase.Kind.H2) {
      return;
    }
    ScratchDatabase database;
    try {
      database = ScratchDatabase.createOnDisk(kind, "retention_bench_", options.h2CacheKilobytes());
    } catch (DatabaseUnavailableException e) {
      if (options.requireServers()) {
        throw new IllegalStateException(e.getMessage() + " (--require-servers=true)", e);
      }
      System.out.println("[skipped] " + kind.label() + ": " + e.getMessage());
      results.skipped.add(kind.key());
      return;
    }
    try (database) {
      EntityManagerFactory emf = Jpa.factory(database, List.of(SessionRow.class), Map.of());
      try {
        SessionTables tables = new SessionTables(database, CUTOFF);
        tables.createAttributes();
        for (String strategy : STRATEGIES) {
          tables.reload(WARM_UP_SESSIONS, WARM_UP_SESSIONS / 2);
          drain(strategy, database, emf, tables, WARM_UP_SESSIONS / 2);
        }
        System.out.println("[" + kind.key() + " sessions] warmed up on " + WARM_UP_SESSIONS + " sessions");
        for (long sessions : options.sessions()) {
          for (String strategy : STRATEGIES) {
            results.sessions.add(measure(strategy, database, emf, tables, sessions));
          }
        }
      } finally {
        emf.close();
      }
    }
  }

  private DrainResult measure(String strategy, ScratchDatabase database, EntityManagerFactory emf,
      SessionTables tables, long sessions) throws SQLException, InterruptedException {
    long expired = sessions / 2;
    String tag = "[" + database.kind().key() + " sessions " + sessions + "] ";
    Duration load = tables.reload(sessions, expired);
    System.out.printf(Locale.ROOT, "%sloaded %,d sessions (%,d expired, %d attributes each) in %.1f s%n", tag,
        sessions, expired, SessionTables.ATTRIBUTES, load.toNanos() / 1e9);
    SessionForeground foreground = options.foregroundRate() > 0
        ? SessionForeground.start(database, sessions, expired, tables.cutoffMillis(), options.foregroundRate())
        : null;
    Outcome outcome = new Outcome(0, 0, List.of(), "");
    String failure = "";
    long start = System.nanoTime();
    try {
      outcome = drain(strategy, database, emf, tables, expired);
    } catch (RuntimeException | SQLException e) {
      failure = e.toString();
      System.err.println(tag + strategy + " failed:");
      e.printStackTrace();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    LatencySummary writes = foreground != null ? foreground.stop() : LatencySummary.none();
    SessionTables.Counts left = tables.counts();
    long live = sessions - expired;
    if (failure.isEmpty() && left.expired() == 0 && left.sessions() != live + writes.inserted()) {
      failure = "a live session went missing: " + left.sessions() + " left, expected " + (live + writes.inserted());
    }
    if (failure.isEmpty() && left.attributes() != live * SessionTables.ATTRIBUTES) {
      failure = left.attributes() + " attributes left, expected " + live * SessionTables.ATTRIBUTES
          + " (the cascade did not run, or took live sessions' attributes)";
    }
    Percentiles batches = Percentiles.of(outcome.batchMillis());
    DrainResult result = new DrainResult(database.kind().key(), "session", strategy, sessions, expired,
        outcome.deleted(), outcome.batches(), seconds, Double.NaN, Double.NaN, Double.NaN, batches.at(50),
        batches.at(99), batches.max(), writes, left.expired(), failure);
    System.out.printf(Locale.ROOT, "%s%s: %,d sessions in %.3f s, %d batches, fg max %.1f ms%s%s%n", tag, strategy,
        result.deleted(), seconds, result.batches(), writes.maxMillis(),
        outcome.shape().isEmpty() ? "" : ", shape " + outcome.shape(), result.succeeded() ? "" : " FAILED");
    List<Double> times = outcome.batchMillis();
    if (times.size() >= 10) {
      // Whether batches grow slower along the drain (the database skipping what earlier batches deleted), or not.
      int tenth = times.size() / 10;
      System.out.printf(Locale.ROOT, "%s%s batch ms: median %.1f over the first tenth of the batches, %.1f over the"
          + " last%n", tag, strategy, Percentiles.of(times.subList(0, tenth)).median(),
          Percentiles.of(times.subList(times.size() - tenth, times.size())).median());
    }
    return result;
  }

  private record Outcome(long deleted, int batches, List<Double> batchMillis, String shape) {}

  private static Outcome drain(String strategy, ScratchDatabase database, EntityManagerFactory emf,
      SessionTables tables, long expired) throws SQLException {
    return switch (strategy) {
      case "sweep-default" -> sweep(emf, expired, false, false);
      case "sweep-500" -> sweep(emf, expired, false, true);
      case "portable-default" -> sweep(emf, expired, true, false);
      case "unbounded-delete" -> unbounded(database, tables);
      default -> throw new IllegalArgumentException("Unknown session strategy '" + strategy + "'");
    };
  }

  private static Outcome sweep(EntityManagerFactory emf, long expired, boolean portable, boolean fixed500) {
    List<Double> millis = new ArrayList<>();
    SweepListener listener = new SweepListener() {
      @Override
      public void batchCompleted(BatchReport batch) {
        millis.add(batch.duration().toNanos() / 1e6);
      }
    };
    RetentionOptions defaults = RetentionOptions.empty();
    // Sized batches (the default) may be small: a batch deletes at least one row or ends the sweep.
    long batchesToDrain = expired + 2;
    RetentionOptions options = (fixed500 ? defaults.withBatchSize(500) : defaults)
        .withBatchDelay(Duration.ZERO)
        .withMaxStartupStagger(Duration.ZERO)
        .withMaxBatchesPerSweep((int) Math.min(
            (Integer) RetentionOption.MAX_BATCHES_PER_SWEEP.upperBound().orElseThrow(), batchesToDrain));
    String strategy = portable ? "portable-default" : fixed500 ? "sweep-500" : "sweep-default";
    long built = System.nanoTime();
    try (RetentionRuntime runtime = RetentionRuntime.builder(emf)
        .clock(Clock.fixed(CUTOFF, ZoneOffset.UTC))
        .zone(ZoneOffset.UTC)
        .defaults(options)
        .portableStatements(portable)
        .listener(listener)
        .build()) {
      String shape = runtime.settings(PASS).statementShape().name();
      long swept = System.nanoTime();
      SweepReport report = runtime.sweep(PASS);
      // Where the wall time went: building the runtime (once per application, timed here with the sweep, as a first
      // sweep after start pays it), the batches as the runtime reports them, and the rest of the sweep (its lock,
      // the lag query).
      System.out.printf(Locale.ROOT, "  %s: build %.1f ms, sweep %.1f ms, of which batches %.1f ms%n",
          strategy, (swept - built) / 1e6, (System.nanoTime() - swept) / 1e6,
          millis.stream().mapToDouble(Double::doubleValue).sum());
      if (report.failure().isPresent()) {
        throw new IllegalStateException("The session sweep failed: " + report, report.failure().get());
      }
      if (report.workRemains()) {
        throw new IllegalStateException("The session sweep stopped before draining: " + report);
      }
      return new Outcome(report.deleted(), report.batches(), millis, shape);
    }
  }

  /** Spring Session's {@code cleanUpExpiredSessions()} statement, in one transaction. */
  private static Outcome unbounded(ScratchDatabase database, SessionTables tables) throws SQLException {
    try (Connection connection = database.connect();
        PreparedStatement delete = connection.prepareStatement(
            "delete from " + SessionTables.SESSIONS + " where expiry_time < ?")) {
      connection.setAutoCommit(false);
      delete.setLong(1, tables.cutoffMillis());
      int deleted = delete.executeUpdate();
      connection.commit();
      return new Outcome(deleted, 1, List.of(), "");
    }
  }
}
