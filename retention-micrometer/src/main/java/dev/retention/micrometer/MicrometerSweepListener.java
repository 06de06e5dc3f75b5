package dev.retention.micrometer;

import dev.retention.runtime.BatchReport;
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
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * Records what the sweepers do as Micrometer meters, each tagged with the pass's name ({@code pass}):
 *
 * <ul>
 *   <li>{@value #ROWS_DELETED} (counter): rows deleted, counted as each batch commits; a dry run deletes none;
 *   <li>{@value #PARTITIONS_DROPPED} (counter): partitions whose whole range was expired and that went whole
 *       ({@code expired-partitions}), counted as each sweep finishes; a dry run drops none;
 *   <li>{@value #PARTITION_ROWS} (counter): the rows those partitions held, as the database's statistics estimated;
 *   <li>{@value #SWEEPS} (timer, also tagged {@code outcome} = {@code success}, {@code failure} or {@code skipped}):
 *       sweeps and how long they took, dry runs included; failed sweeps are the ones tagged {@code failure}, and
 *       {@code skipped} ones did not run because another instance was sweeping the pass (they leave the gauges as
 *       they were);
 *   <li>{@value #BATCHES} (timer): committed batches and how long each took, its transaction included;
 *   <li>{@value #EXPIRY_LAG} (time gauge, seconds): after the last sweep, how long the oldest expired row still present
 *       has been expired; 0 when none is left; NaN when the last sweep failed before it could tell;
 *   <li>{@value #WORK_REMAINS} (gauge): 1 when the last sweep stopped with expired rows left, or failed (a failed sweep
 *       has not shown that none is left, so an alert on this gauge keeps firing while every sweep fails); 0 otherwise;
 *   <li>{@value #HELD} (timer): how long each sweep's batches were held by a replica past its limit or by the
 *       application's throttle ({@code SweepReport.heldFor()}), zero for a sweep nothing held; its sum is the time held;
 *   <li>{@value #REPLICA_LAG_BYTES} (gauge) and {@value #REPLICA_LAG} (time gauge, seconds): the replica furthest behind
 *       at the last sweep's last reading, in WAL bytes to replay (PostgreSQL) and in time; NaN while no sweep read one
 *       (no replica limit, or none that reports it).
 * </ul>
 *
 * <p>Register it with {@code RetentionRuntime.builder(emf).listener(new MicrometerSweepListener(registry))}; the Spring
 * Boot starter does so when the application has a {@code MeterRegistry}. The gauges of a pass appear with its first
 * sweep.
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

  /** How long sweeps were held by replicas or the throttle, a timer. */
  public static final String HELD = "retention.held";
  /** The WAL the replica furthest behind had to replay at the last sweep's last reading, a gauge. */
  public static final String REPLICA_LAG_BYTES = "retention.replica.lag.bytes";
  /** How far behind in time the replica furthest behind was at the last sweep's last reading, a time gauge. */
  public static final String REPLICA_LAG = "retention.replica.lag";

  /** The tag that names the pass: the entity's fully qualified class name. */
  public static final String PASS_TAG = "pass";

  private final MeterRegistry registry;
  private final Tags commonTags;
  private final ConcurrentMap<String, PassGauges> gauges = new ConcurrentHashMap<>();

  /** Records into {@code registry}, each meter tagged with its pass alone. */
  public MicrometerSweepListener(MeterRegistry registry) {
    this(registry, Tags.empty());
  }

  /** With {@code commonTags} added to every meter, for example the name of the persistence unit. */
  public MicrometerSweepListener(MeterRegistry registry, Iterable<Tag> commonTags) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.commonTags = Tags.of(Objects.requireNonNull(commonTags, "commonTags"));
  }

  @Override
  public void batchCompleted(BatchReport batch) {
    Tags tags = tagsOf(batch.pass());
    Timer.builder(BATCHES)
        .description("Committed batches of a retention pass and how long each took, its transaction included")
        .tags(tags)
        .register(registry)
        .record(batch.duration());
    Counter.builder(ROWS_DELETED)
        .description("Expired rows deleted by a retention pass")
        .tags(tags)
        .register(registry)
        .increment(batch.deleted());
  }

  @Override
  public void sweepFinished(SweepReport report) {
    Tags tags = tagsOf(report.pass());
    Timer.builder(SWEEPS)
        .description("Sweeps of a retention pass and how long they took")
        .tags(tags.and("outcome", report.skipped() ? "skipped" : report.succeeded() ? "success" : "failure"))
        .register(registry)
        .record(report.duration());
    if (!report.skipped()) {
      Timer.builder(HELD)
          .description("How long sweeps of a retention pass were held by a replica past its limit or by the"
              + " application's throttle; zero for a sweep nothing held")
          .tags(tags)
          .register(registry)
          .record(report.heldFor());
      gauges.computeIfAbsent(report.pass(), pass -> new PassGauges(tags)).updateReplicas(report);
    }
    if (!report.dryRun() && report.partitionsDropped() > 0) {
      Counter.builder(PARTITIONS_DROPPED)
          .description("Expired partitions a retention pass dropped or detached whole")
          .tags(tags)
          .register(registry)
          .increment(report.partitionsDropped());
      Counter.builder(PARTITION_ROWS)
          .description("Rows the partitions a retention pass dropped held, as the database estimated them")
          .tags(tags)
          .register(registry)
          .increment(report.partitionRows());
    }
    if (report.scope().isAll() && !report.skipped()) {
      // The gauges describe the pass as a whole; an on-demand sweep of one scope (one tenant) says nothing of the rest,
      // and a sweep skipped while another instance swept the pass says nothing at all.
      gauges.computeIfAbsent(report.pass(), pass -> new PassGauges(tags)).update(report);
    }
  }

  private Tags tagsOf(String pass) {
    return commonTags.and(PASS_TAG, pass);
  }

  /** The last sweep's lag and work-remains of one pass, which its two gauges read. */
  private final class PassGauges {

    private volatile double lagSeconds;
    private volatile double workRemains;
    private volatile double replicaBytes = Double.NaN;
    private volatile double replicaSeconds = Double.NaN;

    PassGauges(Tags tags) {
      TimeGauge.builder(EXPIRY_LAG, this, TimeUnit.SECONDS, gauges -> gauges.lagSeconds)
          .description("After the last sweep, how long the oldest expired row left has been expired; 0 when none is,"
              + " NaN when the sweep failed before it could tell")
          .tags(tags)
          .strongReference(true)
          .register(registry);
      Gauge.builder(WORK_REMAINS, this, gauges -> gauges.workRemains)
          .description(
              "1 when the last sweep of a retention pass stopped with expired rows left or failed, 0 otherwise")
          .tags(tags)
          .strongReference(true)
          .register(registry);
      Gauge.builder(REPLICA_LAG_BYTES, this, gauges -> gauges.replicaBytes)
          .description("The WAL, in bytes, the replica furthest behind had still to replay at the last sweep's last"
              + " reading; NaN while none was read")
          .baseUnit("bytes")
          .tags(tags)
          .strongReference(true)
          .register(registry);
      TimeGauge.builder(REPLICA_LAG, this, TimeUnit.SECONDS, gauges -> gauges.replicaSeconds)
          .description("How far behind the replica furthest behind was at the last sweep's last reading; NaN while"
              + " none was read")
          .tags(tags)
          .strongReference(true)
          .register(registry);
    }

    /** The replicas as any sweep of the pass last saw them, one scope's included: they are the database's. */
    void updateReplicas(SweepReport report) {
      report.replicaLagBytes().ifPresent(bytes -> replicaBytes = bytes);
      report.replicaLag().ifPresent(time -> replicaSeconds = seconds(time));
    }

    void update(SweepReport report) {
      // A failed sweep's empty lag means it could not look, not that nothing is left.
      double unknown = report.succeeded() ? 0.0 : Double.NaN;
      lagSeconds = report.lag().map(MicrometerSweepListener::seconds).orElse(unknown);
      workRemains = report.workRemains() || !report.succeeded() ? 1 : 0;
    }
  }

  private static double seconds(Duration duration) {
    // Not toNanos(): a lag of centuries (a row dated far in the past) would overflow it.
    return duration.getSeconds() + duration.getNano() / 1e9;
  }
}
