package dev.retention.benchmarks.replicas;

import dev.retention.benchmarks.BenchmarkOptions;
import dev.retention.benchmarks.database.Layout;
import dev.retention.benchmarks.database.SqlDialect;
import dev.retention.benchmarks.database.Workload;
import dev.retention.benchmarks.drain.RuntimeSweep;
import dev.retention.benchmarks.model.ExpiringRow;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.PostgresReplicaPair;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.persistence.EntityManagerFactory;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A drain as a DBA with a streaming replica sees it (the set-up): a private PostgreSQL primary and its replica
 * on loopback, the replica slowed by pausing its replay but {@code --replica-replay-ms} in every 200 ms, a foreground
 * writer on the primary, and the replica's lag sampled every 100 ms from the primary's {@code pg_stat_replication}.
 * After a drain that warms the JVM up, unmeasured, each round loads the table afresh, lets the replica catch up, then
 * drains it with the runtime's default sweep, with
 * the replica gate off ({@code sweep-default}) and at {@code max-replica-lag-mb} ({@code sweep-gate-N}), the order
 * rotated a round; it measures the drain's time, the WAL it wrote, the replica's lag (max and 95th percentile, bytes
 * and {@code replay_lag}), and how long the replica took to replay that WAL (from the drain's start until it caught
 * up). The targets: with the gate, the replica stays within twice the limit, and the drain takes no more than the
 * replica's own replay time of the same WAL (the ungated round's) plus half.
 */
public final class ReplicaSuite {

  private static final String DATABASE = "replicas";
  private static final long MB = 1024 * 1024;

  private final BenchmarkOptions options;
  private final PrintStream out;

  public ReplicaSuite(BenchmarkOptions options, PrintStream out) {
    this.options = options;
    this.out = out;
  }

  /** One drain's figures. */
  record Round(String strategy, long deleted, Duration drain, long walBytes, Duration replay, LagSampler.Figures lag) {}

  public void run() throws Exception {
    Workload workload = new Workload(options.rows(), options.expiredRows(), options.layouts().get(0));
    out.println();
    out.println("== Replicas: PostgreSQL primary and streaming replica on loopback, " + workload + ", replica replays "
        + options.replicaReplayMillis() + " ms in 200 ms, " + options.foregroundRate()
        + " foreground writes/s, lag sampled every 100 ms");
    try (PostgresReplicaPair pair = PostgresReplicaPair.start()) {
      pair.onPrimary("postgres", "create database " + DATABASE);
      EntityManagerFactory emf = Jpa.factory(pair.primaryUrl(DATABASE), pair.user(), List.of(ExpiringRow.class),
          Map.of());
      try {
        pair.onPrimary(DATABASE, "create table foreground_write (id bigserial primary key, at timestamptz,"
            + " payload text)");
        // One drain first, not measured: the first rounds of a fresh JVM ran three to ten times slower (JIT, caches).
        load(pair, workload);
        try (RetentionRuntime runtime = runtime(emf, false)) {
          runtime.sweep(RuntimeSweep.PASS);
        }
        List<Round> rounds = new ArrayList<>();
        List<String> strategies = List.of("sweep-default", "sweep-gate-" + options.replicaLimitMb() + "mb");
        for (int round = 0; round < Math.max(1, options.repeats()); round++) {
          for (int index = 0; index < strategies.size(); index++) {
            String strategy = strategies.get((index + round) % strategies.size());
            Round result = drain(pair, emf, workload, strategy);
            rounds.add(result);
            print(result);
          }
        }
        summarize(rounds, strategies);
      } finally {
        emf.close();
      }
    }
  }

  private Round drain(PostgresReplicaPair pair, EntityManagerFactory emf, Workload workload, String strategy)
      throws Exception {
    load(pair, workload);
    caughtUp(pair);
    boolean gated = !strategy.equals("sweep-default");
    try (Connection primary = DriverManager.getConnection(pair.primaryUrl(DATABASE), pair.user(), "");
        ReplayThrottle throttle = ReplayThrottle.start(pair, Duration.ofMillis(options.replicaReplayMillis()),
            Duration.ofMillis(200));
        ForegroundWriter writer = ForegroundWriter.start(pair.primaryUrl(DATABASE), pair.user(),
            options.foregroundRate());
        LagSampler sampler = LagSampler.start(pair.primaryUrl("postgres"), pair.user(), Duration.ofMillis(100))) {
      long walBefore = walPosition(primary);
      long start = System.nanoTime();
      SweepReport report;
      try (RetentionRuntime runtime = runtime(emf, gated)) {
        report = runtime.sweep(RuntimeSweep.PASS);
      }
      Duration drain = Duration.ofNanos(System.nanoTime() - start);
      if (report.failure().isPresent() || report.workRemains()) {
        throw new IllegalStateException(strategy + " did not drain: " + report);
      }
      long walAfter = walPosition(primary);
      Duration replay = sampler.caughtUpAt(walAfter).map(at -> Duration.ofNanos(at - start)).orElseThrow(
          () -> new IllegalStateException("The replica did not catch up with " + strategy + "'s WAL"));
      return new Round(strategy, report.deleted(), drain, walAfter - walBefore, replay, sampler.figures());
    }
  }

  private RetentionRuntime runtime(EntityManagerFactory emf, boolean gated) {
    RetentionOptions defaults = RetentionOptions.empty().withBatchDelay(Duration.ZERO)
        .withMaxStartupStagger(Duration.ZERO).withMaxBatchesPerSweep(100_000)
        .withMaxHoldPerSweep(Duration.ofHours(1));
    if (gated) {
      defaults = defaults.withMaxReplicaLagMb(options.replicaLimitMb());
    }
    return RetentionRuntime.builder(emf).clock(Clock.fixed(Workload.CUTOFF, ZoneOffset.UTC)).zone(ZoneOffset.UTC)
        .defaults(defaults).build();
  }

  /** Empties and loads the table server-side, then settles it (statistics, visibility map, a checkpoint). */
  private static void load(PostgresReplicaPair pair, Workload workload) throws SQLException {
    SqlDialect dialect = SqlDialect.of(TestDatabase.Kind.POSTGRESQL);
    String id = dialect.seriesColumn();
    String rank = "mod((" + id + " - 1) * " + workload.multiplier() + ", " + workload.rows() + ")";
    String offset = rank + " - " + workload.expired() + " + 1";
    try (Connection connection = DriverManager.getConnection(pair.primaryUrl(DATABASE), pair.user(), "");
        Statement statement = connection.createStatement()) {
      statement.execute("truncate table expiring_row");
      statement.execute("insert into expiring_row (id, expires_at, payload) select " + id + ", "
          + dialect.cutoffPlusSeconds(Workload.CUTOFF, offset) + ", " + dialect.concat("'row '", id) + " from "
          + dialect.series(workload.rows()));
      statement.execute("vacuum analyze expiring_row");
      statement.execute("checkpoint");
    }
  }

  /** Lets the replica replay at full speed until it has replayed everything the primary wrote. */
  private static void caughtUp(PostgresReplicaPair pair) throws Exception {
    pair.resumeReplay();
    try (Connection primary = DriverManager.getConnection(pair.primaryUrl(DATABASE), pair.user(), "");
        LagSampler sampler = LagSampler.start(pair.primaryUrl("postgres"), pair.user(), Duration.ofMillis(50))) {
      long target = walPosition(primary);
      if (sampler.awaitCaughtUp(target, Duration.ofMinutes(10)).isEmpty()) {
        throw new IllegalStateException("The replica did not catch up after the load");
      }
    }
  }

  static long walPosition(Connection primary) throws SQLException {
    try (Statement statement = primary.createStatement();
        ResultSet result = statement.executeQuery("select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint")) {
      result.next();
      return result.getLong(1);
    }
  }

  private void print(Round round) {
    out.printf("%-18s deleted %,d in %.2f s, WAL %.1f MB; replica behind max %.1f MB, p95 %.1f MB, replay_lag max"
            + " %.2f s, p95 %.2f s; replica replayed the drain's WAL in %.2f s%n",
        round.strategy(), round.deleted(), seconds(round.drain()), round.walBytes() / (double) MB,
        round.lag().maxBytes() / (double) MB, round.lag().p95Bytes() / (double) MB, round.lag().maxReplaySeconds(),
        round.lag().p95ReplaySeconds(), seconds(round.replay()));
  }

  private void summarize(List<Round> rounds, List<String> strategies) {
    out.println();
    out.println("| drain | replica behind, max / p95 | replay_lag max / p95 | drain time | WAL | replica's replay time |");
    out.println("| --- | --- | --- | --- | --- | --- |");
    for (String strategy : strategies) {
      List<Round> of = rounds.stream().filter(round -> round.strategy().equals(strategy)).toList();
      out.printf("| %s | %.1f / %.1f MB | %.2f / %.2f s | %.2f s | %.1f MB | %.2f s |%n", strategy,
          median(of, round -> round.lag().maxBytes() / (double) MB),
          median(of, round -> round.lag().p95Bytes() / (double) MB),
          median(of, round -> round.lag().maxReplaySeconds()), median(of, round -> round.lag().p95ReplaySeconds()),
          median(of, round -> seconds(round.drain())), median(of, round -> round.walBytes() / (double) MB),
          median(of, round -> seconds(round.replay())));
    }
    List<Round> ungated = rounds.stream().filter(round -> round.strategy().equals(strategies.get(0))).toList();
    List<Round> gated = rounds.stream().filter(round -> round.strategy().equals(strategies.get(1))).toList();
    double limit = options.replicaLimitMb();
    double maxLag = median(gated, round -> round.lag().maxBytes() / (double) MB);
    double replay = median(ungated, round -> seconds(round.replay()));
    double drain = median(gated, round -> seconds(round.drain()));
    out.printf("Target: with the gate at %.0f MB the replica stays within %.0f MB (2x): %.1f MB, %s%n", limit,
        2 * limit, maxLag, maxLag <= 2 * limit ? "met" : "MISSED");
    out.printf("Target: the gated drain takes at most the replica's own replay time of the WAL plus 50%% (%.2f s x"
        + " 1.5 = %.2f s): %.2f s, %s%n", replay, 1.5 * replay, drain, drain <= 1.5 * replay ? "met" : "MISSED");
  }

  private static double median(List<Round> rounds, java.util.function.ToDoubleFunction<Round> figure) {
    double[] values = rounds.stream().mapToDouble(figure).sorted().toArray();
    if (values.length == 0) {
      return Double.NaN;
    }
    return values.length % 2 == 1 ? values[values.length / 2]
        : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
  }

  private static double seconds(Duration duration) {
    return duration.toNanos() / 1e9;
  }
}
