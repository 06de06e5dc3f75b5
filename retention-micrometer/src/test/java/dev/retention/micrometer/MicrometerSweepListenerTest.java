package dev.retention.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.Scope;
import dev.retention.runtime.SweepReport;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MicrometerSweepListenerTest {

  private static final String SESSIONS = "com.acme.UserSession";
  private static final String AUDIT = "com.acme.AuditEntry";
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");

  private final MeterRegistry registry = new SimpleMeterRegistry();
  private final MicrometerSweepListener listener = new MicrometerSweepListener(registry);

  @Test
  void rowsAreCountedPerPassAsBatchesCommit() {
    listener.batchCompleted(BatchReport.of(SESSIONS, 1, 500, Duration.ofMillis(40), 500));
    listener.batchCompleted(BatchReport.of(SESSIONS, 2, 120, Duration.ofMillis(10), 500));
    listener.batchCompleted(BatchReport.of(AUDIT, 1, 7, Duration.ofMillis(5), 500));

    assertEquals(620, registry.get("retention.rows.deleted").tag("pass", SESSIONS).counter().count());
    assertEquals(7, registry.get("retention.rows.deleted").tag("pass", AUDIT).counter().count());
    var batches = registry.get("retention.batches").tag("pass", SESSIONS).timer();
    assertEquals(2, batches.count());
    assertEquals(50, batches.totalTime(TimeUnit.MILLISECONDS), 0.001);
  }

  @Test
  void sweepsAreTimedByOutcomeWhichCountsTheFailures() {
    listener.sweepFinished(report(SESSIONS, false, Optional.empty(), Optional.empty(), Duration.ofMillis(300)));
    listener.sweepFinished(report(SESSIONS, false, Optional.empty(),
        Optional.of(new IllegalStateException("lock timeout")), Duration.ofMillis(20)));
    listener.sweepFinished(report(SESSIONS, false, Optional.empty(),
        Optional.of(new IllegalStateException("lock timeout")), Duration.ofMillis(25)));

    var succeeded = registry.get("retention.sweeps").tags("pass", SESSIONS, "outcome", "success").timer();
    assertEquals(1, succeeded.count());
    assertEquals(300, succeeded.totalTime(TimeUnit.MILLISECONDS), 0.001);
    assertEquals(2, registry.get("retention.sweeps").tags("pass", SESSIONS, "outcome", "failure").timer().count());
    assertNull(registry.find("retention.sweep.failures").meter(), "one meter counts failures, not two");
  }

  @Test
  void whileEverySweepFailsWorkRemainsAndTheLagIsTheLastMeasuredOrUnknown() {
    // As a sweep whose batches fail (a trigger refuses the delete) reports: the rows are there, the lag was measured,
    // and the sweep did not reach the bound that sets workRemains.
    listener.sweepFinished(report(SESSIONS, false, Optional.of(Duration.ofHours(2)),
        Optional.of(new IllegalStateException("delete refused")), Duration.ofMillis(20)));

    assertEquals(1, registry.get("retention.work.remains").tag("pass", SESSIONS).gauge().value(),
        "a failed sweep has not shown that no expired row is left");
    assertEquals(7200, registry.get("retention.expiry.lag").tag("pass", SESSIONS).timeGauge().value(TimeUnit.SECONDS));

    // A sweep that failed before it could look (the table renamed): the lag is unknown, not zero.
    listener.sweepFinished(report(SESSIONS, false, Optional.empty(),
        Optional.of(new IllegalStateException("no such table")), Duration.ofMillis(5)));

    assertEquals(1, registry.get("retention.work.remains").tag("pass", SESSIONS).gauge().value());
    assertTrue(Double.isNaN(
        registry.get("retention.expiry.lag").tag("pass", SESSIONS).timeGauge().value(TimeUnit.SECONDS)));
  }

  @Test
  void gaugesFollowTheLastSweepOfEachPass() {
    listener.sweepFinished(report(SESSIONS, true, Optional.of(Duration.ofMinutes(90)), Optional.empty(),
        Duration.ofSeconds(1)));
    listener.sweepFinished(report(AUDIT, false, Optional.empty(), Optional.empty(), Duration.ofSeconds(1)));

    assertEquals(5400, registry.get("retention.expiry.lag").tag("pass", SESSIONS).timeGauge().value(TimeUnit.SECONDS));
    assertEquals(1, registry.get("retention.work.remains").tag("pass", SESSIONS).gauge().value());
    assertEquals(0, registry.get("retention.expiry.lag").tag("pass", AUDIT).timeGauge().value(TimeUnit.SECONDS));
    assertEquals(0, registry.get("retention.work.remains").tag("pass", AUDIT).gauge().value());

    // The backlog drained: the same gauges, now reading the new sweep.
    listener.sweepFinished(report(SESSIONS, false, Optional.empty(), Optional.empty(), Duration.ofSeconds(1)));
    assertEquals(0, registry.get("retention.expiry.lag").tag("pass", SESSIONS).timeGauge().value(TimeUnit.SECONDS));
    assertEquals(0, registry.get("retention.work.remains").tag("pass", SESSIONS).gauge().value());
  }

  @Test
  void anOnDemandSweepOfOneScopeIsTimedButLeavesThePassGaugesAlone() {
    listener.sweepFinished(report(SESSIONS, false, Optional.empty(), Optional.empty(), Duration.ofSeconds(1)));

    listener.sweepFinished(report(SESSIONS, Scope.of("acme"), false, true, Optional.of(Duration.ofHours(2)),
        Optional.empty(), Duration.ofMillis(8)));

    assertEquals(2, registry.get("retention.sweeps").tags("pass", SESSIONS, "outcome", "success").timer().count());
    assertEquals(0, registry.get("retention.expiry.lag").tag("pass", SESSIONS).timeGauge().value(TimeUnit.SECONDS),
        "one tenant's lag is not the pass's");
    assertEquals(0, registry.get("retention.work.remains").tag("pass", SESSIONS).gauge().value());
  }

  @Test
  void theTimeHeldIsTimedPerSweepAndTheReplicaLagSeenIsAGauge() {
    listener.sweepFinished(report(SESSIONS, false, Optional.empty(), Optional.empty(), Duration.ofSeconds(1)));
    assertTrue(Double.isNaN(registry.get("retention.replica.lag.bytes").tag("pass", SESSIONS).gauge().value()),
        "no replica read yet");

    listener.sweepFinished(SweepReport.builder(SESSIONS, NOW, NOW).workRemains(true).duration(Duration.ofMinutes(1))
        .held(Duration.ofSeconds(40), "replica standby1 (streaming): 12.0 MB behind, past the limit of 8.0 MB")
        .replicaLag(Optional.of(12L * 1024 * 1024), Optional.of(Duration.ofMillis(1500))).build());

    Timer held = registry.get("retention.held").tag("pass", SESSIONS).timer();
    assertEquals(2, held.count(), "every sweep, a sweep nothing held as zero");
    assertEquals(40, held.totalTime(TimeUnit.SECONDS));
    assertEquals(12.0 * 1024 * 1024, registry.get("retention.replica.lag.bytes").tag("pass", SESSIONS).gauge().value());
    assertEquals(1.5, registry.get("retention.replica.lag").tag("pass", SESSIONS).timeGauge().value(TimeUnit.SECONDS));
  }

  @Test
  void aLagOfCenturiesDoesNotOverflow() {
    Duration centuries = Duration.ofDays(365L * 400);
    listener.sweepFinished(report(AUDIT, false, Optional.of(centuries), Optional.empty(), Duration.ofSeconds(1)));

    assertEquals(centuries.getSeconds(),
        registry.get("retention.expiry.lag").tag("pass", AUDIT).timeGauge().value(TimeUnit.SECONDS), 1);
  }

  @Test
  void aDryRunDeletesNothingAndCountsNoRows() {
    listener.sweepFinished(report(SESSIONS, Scope.all(), true, false, Optional.of(Duration.ofMinutes(5)),
        Optional.empty(), Duration.ofMillis(15)));

    assertNull(registry.find("retention.rows.deleted").counter());
    assertEquals(1, registry.get("retention.sweeps").tags("pass", SESSIONS, "outcome", "success").timer().count());
  }

  @Test
  void partitionsDroppedWholeAndTheRowsTheyHeldAreCountedButNotThoseADryRunWouldDrop() {
    SweepReport.Builder sweep = SweepReport.builder(SESSIONS, NOW, NOW.minusSeconds(3600))
        .partitions(List.of("sessions_p20251230", "sessions_p20251231"), 3_000);
    listener.sweepFinished(sweep.build());
    listener.sweepFinished(sweep.partitions(List.of("sessions_p20260101"), 1_000).build());
    listener.sweepFinished(sweep.partitions(List.of("sessions_p20260102"), 900).dryRun(true).build());

    assertEquals(3, registry.get("retention.partitions.dropped").tag("pass", SESSIONS).counter().count());
    assertEquals(4_000, registry.get("retention.partitions.rows").tag("pass", SESSIONS).counter().count());
  }

  @Test
  void commonTagsAreAddedToEveryMeter() {
    var tagged = new MicrometerSweepListener(registry, Tags.of("unit", "orders"));
    tagged.batchCompleted(BatchReport.of(SESSIONS, 1, 3, Duration.ofMillis(1), 500));
    tagged.sweepFinished(report(SESSIONS, false, Optional.empty(), Optional.empty(), Duration.ofMillis(2)));

    assertEquals(3, registry.get("retention.rows.deleted").tags("pass", SESSIONS, "unit", "orders").counter().count());
    assertEquals(0, registry.get("retention.work.remains").tags("pass", SESSIONS, "unit", "orders").gauge().value());
  }

  private static SweepReport report(String pass, boolean workRemains, Optional<Duration> lag,
      Optional<Throwable> failure, Duration duration) {
    return report(pass, Scope.all(), false, workRemains, lag, failure, duration);
  }

  /** The one place this test makes reports: what a sweep of {@code scope} of {@code pass} would give. */
  private static SweepReport report(String pass, Scope scope, boolean dryRun, boolean workRemains,
      Optional<Duration> lag, Optional<Throwable> failure, Duration duration) {
    return SweepReport.builder(pass, NOW, NOW.minusSeconds(3600))
        .deleted(dryRun ? 42 : 0)
        .workRemains(workRemains)
        .dryRun(dryRun)
        .duration(duration)
        .lag(lag)
        .failure(failure.orElse(null))
        .scope(scope)
        .build();
  }
}
