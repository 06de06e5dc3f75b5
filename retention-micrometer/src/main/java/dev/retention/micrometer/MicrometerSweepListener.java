package dev.retention.micrometer;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * Records what the sweepers do as Micrometer meters, each tagged with the pass's name ({@code pass}), never with a
 * scope or a tenant: a handful of meters a pass, however many tenants it sweeps.
 *
 * <ul>
 *   <li>{@value #ROWS_DELETED} (counter): rows deleted, counted as each batch commits; a dry run deletes none;
 *   <li>{@value #SWEEPS} (timer, also tagged {@code outcome} = {@code success}, {@code failure} or {@code skipped}):
 *       sweeps and how long they took, dry runs and on-demand sweeps of one scope included; failed sweeps are the ones
 *       tagged {@code failure}, and {@code skipped} ones did not run because another instance was sweeping the pass
 *       (they leave the gauges as they were);
 *   <li>{@value #BATCHES} (timer): committed batches and how long each took, its transaction included;
 *   <li>{@value #EXPIRY_LAG} (time gauge, seconds): after the last sweep, how long the oldest expired row still present
 *       has been expired; 0 when none is left; NaN before the first sweep, and when the last sweep failed before it
 *       could tell;
 *   <li>{@value #WORK_REMAINS} (gauge): 1 when the last sweep stopped with expired rows left, or failed (a failed sweep
 *       has not shown that none is left, so an alert on this gauge keeps firing while every sweep fails); 0 otherwise;
 *       NaN before the first sweep;
 *   <li>{@value #CONSECUTIVE_FAILURES} (gauge): the sweeps in a row that failed, up to the last; 0 from the first
 *       sweep that succeeds;
 *   <li>{@value #LAST_SUCCESS} (time gauge, seconds since the epoch by the runtime's clock): when the last sweep that
 *       succeeded ended; NaN until one has;
 *   <li>{@value #PASS_INFO} (gauge, always 1): the pass as the runtime was built with it, in its tags: {@code window}
 *       (the retention in force), {@code statement} (the {@code StatementShape}), {@code enabled} and
 *       {@code dry_run};
 *   <li>{@value #PARTITIONS_DROPPED} (counter): partitions whose whole range was expired and that went whole
 *       ({@code expired-partitions}), counted as each sweep finishes; a dry run drops none;
 *   <li>{@value #PARTITION_ROWS} (counter): the rows those partitions held, as the database's statistics estimated;
 *   <li>{@value #HELD} (timer): how long each sweep's batches were held by a replica past its limit or by the
 *       application's throttle ({@code SweepReport.heldFor()}), zero for a sweep nothing held; its sum is the time held;
 *   <li>{@value #REPLICA_LAG_BYTES} (gauge) and {@value #REPLICA_LAG} (time gauge, seconds): the replica furthest behind
 *       at the last reading of any sweep of the pass, in WAL bytes to replay (PostgreSQL) and in time; NaN while no
 *       sweep read one (no replica limit, or none that reports it);
 *   <li>{@value #NO_PROGRESS} (gauge): 1 when the last sweep of the whole pass made no progress (it deleted nothing
 *       while expired rows are left: held by another transaction, or out of its statement's reach; the report and the
 *       log say which), 0 otherwise. Not a failure: the pass waits a backoff and tries again; rows held for long show
 *       here.
 * </ul>
 *
 * <p>The gauges follow the sweeps of the whole pass: an on-demand sweep of one scope (one tenant) says nothing of the
 * others, and a skipped sweep says nothing at all. Every meter of a pass exists, at its first value, from the moment
 * the runtime is built ({@link #runtimeBuilt}), so that a monitoring system that scraped it before the first sweep
 * counts that sweep's rows as an increase; the partition counters only for a pass whose {@code expired-partitions} is
 * {@code drop} or {@code detach} (one that deletes rows drops none). A pass this listener was not told of (events
 * given by hand) has its meters made at its first event, and no {@value #PASS_INFO}.
 *
 * <p>Register it with {@code RetentionRuntime.builder(emf).listener(new MicrometerSweepListener(registry))}; the Spring
 * Boot starters, the Quarkus extension and the Micronaut integration do so when the application has a
 * {@code MeterRegistry}.
 */
public final class MicrometerSweepListener implements SweepListener {

  /** Rows deleted, a counter. */
  public static final String ROWS_DELETED = "retention.rows.deleted";
  /** Partitions dropped (or detached) whole, a counter. */
  public static final String PARTITIONS_DROPPED = "retention.partitions.dropped";
  /** The rows the dropped partitions held, estimated, a counter. */
  public static final String PARTITION_ROWS = "retention.partitions.rows";
  /** Sweeps and how long they took, a timer tagged {@code outcome}. */
  public static final String SWEEPS = "retention.sweeps";
  /** Committed batches and how long each took, a timer. */
  public static final String BATCHES = "retention.batches";
  /** How long the oldest expired row left has been expired, a time gauge. */
  public static final String EXPIRY_LAG = "retention.expiry.lag";
  /** Whether the last sweep left expired rows or failed, a gauge of 1 or 0. */
  public static final String WORK_REMAINS = "retention.work.remains";
  /** The sweeps in a row that failed, a gauge. */
  public static final String CONSECUTIVE_FAILURES = "retention.consecutive.failures";
  /** When the last successful sweep ended, a time gauge in seconds since the epoch. */
  public static final String LAST_SUCCESS = "retention.last.success.timestamp";
  /** The pass's window and statement as tags of a gauge that is always 1. */
  public static final String PASS_INFO = "retention.pass.info";
  /** How long sweeps were held by replicas or the throttle, a timer. */
  public static final String HELD = "retention.held";
  /** The WAL the replica furthest behind had to replay at the last sweep's last reading, a gauge. */
  public static final String REPLICA_LAG_BYTES = "retention.replica.lag.bytes";
  /** How far behind in time the replica furthest behind was at the last sweep's last reading, a time gauge. */
  public static final String REPLICA_LAG = "retention.replica.lag";
  /** Whether the last sweep made no progress (deleted nothing while expired rows are left), a gauge of 1 or 0. */
  public static final String NO_PROGRESS = "retention.no.progress";

  /** The tag that names the pass: the entity's fully qualified class name. */
  public static final String PASS_TAG = "pass";
  /** The tag of {@value #SWEEPS} that says how a sweep ended. */
  public static final String OUTCOME_TAG = "outcome";

  /** A sweep's outcome, as {@value #OUTCOME_TAG} says it. */
  private static final List<String> OUTCOMES = List.of("success", "failure", "skipped");

  /**
   * The gauges of a pass, each its value before the first sweep and its next value after each sweep of the whole pass.
   * A gauge for a new fact of the report is one more line here.
   */
  private static final List<PassGauge> GAUGES = List.of(
      PassGauge.seconds(EXPIRY_LAG, "After the last sweep, how long the oldest expired row left has been expired; 0"
              + " when none is, NaN before the first sweep and when the sweep failed before it could tell", Double.NaN,
          (previous, report) -> report.lag().map(MicrometerSweepListener::seconds)
              // A failed sweep's empty lag means it could not look, not that nothing is left.
              .orElse(report.succeeded() ? 0.0 : Double.NaN)),
      PassGauge.of(WORK_REMAINS, "1 when the last sweep of a retention pass stopped with expired rows left or failed,"
              + " 0 otherwise; NaN before the first sweep", Double.NaN,
          (previous, report) -> report.workRemains() || !report.succeeded() ? 1 : 0),
      PassGauge.of(CONSECUTIVE_FAILURES, "Sweeps of a retention pass in a row that failed, up to the last; 0 once one"
              + " succeeds", 0,
          (previous, report) -> report.succeeded() ? 0 : previous + 1),
      PassGauge.seconds(LAST_SUCCESS, "When the last successful sweep of a retention pass ended, in seconds since the"
              + " epoch by the runtime's clock; NaN until one has", Double.NaN,
          (previous, report) -> report.succeeded() ? epochSeconds(report.startedAt().plus(report.duration()))
              : previous),
      PassGauge.of(NO_PROGRESS, "1 when the last sweep of a retention pass deleted nothing while expired rows are left"
              + " (held by another transaction, or out of its statement's reach), 0 otherwise", 0,
          (previous, report) -> report.noProgress().isPresent() ? 1 : 0));

  /**
   * The counters a sweep's report adds to, each made when the runtime is built for the passes that may move it. A
   * counter for a new fact of the report is one more line here.
   */
  private static final List<ReportCounter> REPORT_COUNTERS = List.of(
      new ReportCounter(PARTITIONS_DROPPED, "Expired partitions a retention pass dropped or detached whole",
          MicrometerSweepListener::dropsPartitions, report -> report.dryRun() ? 0 : report.partitionsDropped()),
      new ReportCounter(PARTITION_ROWS,
          "Rows the partitions a retention pass dropped held, as the database estimated them",
          MicrometerSweepListener::dropsPartitions, report -> report.dryRun() ? 0 : report.partitionRows()));

  private final MeterRegistry registry;
  private final Tags commonTags;
  private final ConcurrentMap<String, PassMeters> passes = new ConcurrentHashMap<>();

  /** Records into {@code registry}, each meter tagged with its pass alone. */
  public MicrometerSweepListener(MeterRegistry registry) {
    this(registry, Tags.empty());
  }

  /** With {@code commonTags} added to every meter, for example the name of the persistence unit. */
  public MicrometerSweepListener(MeterRegistry registry, Iterable<Tag> commonTags) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.commonTags = Tags.of(Objects.requireNonNull(commonTags, "commonTags"));
  }

  /** Makes every meter of every pass, at its first value, and each pass's {@value #PASS_INFO}. */
  @Override
  public void runtimeBuilt(List<PassSettings> passSettings) {
    for (PassSettings settings : passSettings) {
      meters(settings.pass()).builtWith(settings);
    }
  }

  @Override
  public void batchCompleted(BatchReport batch) {
    meters(batch.pass()).batchCompleted(batch);
  }

  @Override
  public void sweepFinished(SweepReport report) {
    meters(report.pass()).sweepFinished(report);
  }

  private PassMeters meters(String pass) {
    return passes.computeIfAbsent(pass, PassMeters::new);
  }

  private static boolean dropsPartitions(PassSettings settings) {
    return settings.expiredPartitions() != RetentionOption.ExpiredPartitions.ROWS;
  }

  /** The meters of one pass, and the values its gauges read. */
  private final class PassMeters {

    private final Tags tags;
    private final Counter rowsDeleted;
    private final Timer batches;
    private final Map<String, Timer> sweeps = new ConcurrentHashMap<>();
    private final Timer held;
    /** The replicas as any sweep of the pass last saw them, one scope's included: they are the database's. */
    private volatile double replicaBytes = Double.NaN;
    private volatile double replicaSeconds = Double.NaN;
    /** The gauges' values, in the order of {@link #GAUGES}: replaced whole, so that a scrape reads one sweep's. */
    private volatile double[] values;

    PassMeters(String pass) {
      tags = commonTags.and(PASS_TAG, pass);
      rowsDeleted = Counter.builder(ROWS_DELETED)
          .description("Expired rows deleted by a retention pass")
          .tags(tags)
          .register(registry);
      batches = Timer.builder(BATCHES)
          .description("Committed batches of a retention pass and how long each took, its transaction included")
          .tags(tags)
          .register(registry);
      for (String outcome : OUTCOMES) {
        sweeps.put(outcome, Timer.builder(SWEEPS)
            .description("Sweeps of a retention pass and how long they took")
            .tags(tags.and(OUTCOME_TAG, outcome))
            .register(registry));
      }
      held = Timer.builder(HELD)
          .description("How long sweeps of a retention pass were held by a replica past its limit or by the"
              + " application's throttle; zero for a sweep nothing held")
          .tags(tags)
          .register(registry);
      Gauge.builder(REPLICA_LAG_BYTES, this, meters -> meters.replicaBytes)
          .description("The WAL, in bytes, the replica furthest behind had still to replay at the last sweep's last"
              + " reading; NaN while none was read")
          .baseUnit("bytes")
          .tags(tags)
          .strongReference(true)
          .register(registry);
      TimeGauge.builder(REPLICA_LAG, this, TimeUnit.SECONDS, meters -> meters.replicaSeconds)
          .description("How far behind the replica furthest behind was at the last sweep's last reading; NaN while"
              + " none was read")
          .tags(tags)
          .strongReference(true)
          .register(registry);
      values = GAUGES.stream().mapToDouble(PassGauge::initial).toArray();
      for (int i = 0; i < GAUGES.size(); i++) {
        int index = i;
        GAUGES.get(i).register(registry, tags, this, meters -> meters.values[index]);
      }
    }

    /** What a runtime built with the pass says of it: its info, and the counters its settings may move. */
    void builtWith(PassSettings settings) {
      Gauge.builder(PASS_INFO, () -> 1)
          .description("A retention pass as the runtime was built with it: its window, statement, whether it is enabled"
              + " and in a dry run, in the tags; always 1")
          .tags(tags.and(
              "window", RetentionOption.RETENTION.format(settings.retention()),
              "statement", settings.statementShape().name().toLowerCase(Locale.ROOT),
              "enabled", String.valueOf(settings.enabled()),
              "dry_run", String.valueOf(settings.dryRun())))
          .strongReference(true)
          .register(registry);
      for (ReportCounter counter : REPORT_COUNTERS) {
        if (counter.madeAtStart().test(settings)) {
          counter.register(registry, tags);
        }
      }
    }

    void batchCompleted(BatchReport batch) {
      batches.record(batch.duration());
      rowsDeleted.increment(batch.deleted());
    }

    void sweepFinished(SweepReport report) {
      String outcome = report.skipped() ? "skipped" : report.succeeded() ? "success" : "failure";
      sweeps.get(outcome).record(report.duration());
      for (ReportCounter counter : REPORT_COUNTERS) {
        double increment = counter.increment().applyAsDouble(report);
        if (increment > 0) {
          counter.register(registry, tags).increment(increment);
        }
      }
      if (!report.skipped()) {
        held.record(report.heldFor());
        report.replicaLagBytes().ifPresent(bytes -> replicaBytes = bytes);
        report.replicaLag().ifPresent(time -> replicaSeconds = seconds(time));
      }
      if (report.scope().isAll() && !report.skipped()) {
        // The gauges describe the pass as a whole; an on-demand sweep of one scope (one tenant) says nothing of the
        // rest, and a sweep skipped while another instance swept the pass says nothing at all.
        follow(report);
      }
    }

    private synchronized void follow(SweepReport report) {
      double[] previous = values;
      double[] next = new double[previous.length];
      for (int i = 0; i < next.length; i++) {
        next[i] = GAUGES.get(i).fold().next(previous[i], report);
      }
      values = next;
    }
  }

  /** How a gauge's value follows the sweeps. */
  @FunctionalInterface
  private interface Fold {
    double next(double previous, SweepReport report);
  }

  /**
   * A gauge of each pass.
   *
   * @param unit seconds for a time gauge, empty for a plain one
   * @param initial its value before the pass's first sweep
   * @param fold its value after a sweep of the whole pass, from the one before
   */
  private record PassGauge(String name, String description, Optional<TimeUnit> unit, double initial, Fold fold) {

    static PassGauge of(String name, String description, double initial, Fold fold) {
      return new PassGauge(name, description, Optional.empty(), initial, fold);
    }

    static PassGauge seconds(String name, String description, double initial, Fold fold) {
      return new PassGauge(name, description, Optional.of(TimeUnit.SECONDS), initial, fold);
    }

    <T> void register(MeterRegistry registry, Tags tags, T state, ToDoubleFunction<T> value) {
      if (unit.isPresent()) {
        TimeGauge.builder(name, state, unit.get(), value).description(description).tags(tags).strongReference(true)
            .register(registry);
      } else {
        Gauge.builder(name, state, value).description(description).tags(tags).strongReference(true)
            .register(registry);
      }
    }
  }

  /**
   * A counter each sweep's report adds to.
   *
   * @param madeAtStart whether a pass built with these settings has it from the start (others, at their first
   *     increment)
   * @param increment what one sweep adds
   */
  private record ReportCounter(String name, String description, Predicate<PassSettings> madeAtStart,
      ToDoubleFunction<SweepReport> increment) {

    Counter register(MeterRegistry registry, Tags tags) {
      return Counter.builder(name).description(description).tags(tags).register(registry);
    }
  }

  private static double seconds(Duration duration) {
    // Not toNanos(): a lag of centuries (a row dated far in the past) would overflow it.
    return duration.getSeconds() + duration.getNano() / 1e9;
  }

  private static double epochSeconds(Instant instant) {
    return instant.getEpochSecond() + instant.getNano() / 1e9;
  }
}
