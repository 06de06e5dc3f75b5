package dev.retention.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption.ExpiredPartitions;
import dev.retention.runtime.Scope;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepReport;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
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

  /**
   * A sweep that deleted nothing while expired rows are left made no progress: its gauge says so until a sweep makes
   * some, and it is no failure (its sweep is timed as a success).
   */
  @Test
  void aSweepWithoutProgressShowsOnItsGaugeUntilOneDeletesRowsAndIsNoFailure() {
    listener.sweepFinished(SweepReport.builder(SESSIONS, NOW, NOW).batches(1).workRemains(true)
        .lag(Optional.of(Duration.ofMinutes(5)))
        .noProgress(SweepReport.NoProgress.HELD_ROWS, "every expired row left is locked by another transaction")
        .build());

    assertEquals(1, registry.get(MicrometerSweepListener.NO_PROGRESS).tag("pass", SESSIONS).gauge().value());
    assertEquals(1, registry.get("retention.sweeps").tags("pass", SESSIONS, "outcome", "success").timer().count());

    listener.sweepFinished(SweepReport.builder(SESSIONS, NOW.plusSeconds(10), NOW).deleted(1).batches(1).build());

    assertEquals(0, registry.get(MicrometerSweepListener.NO_PROGRESS).tag("pass", SESSIONS).gauge().value());
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

    assertEquals(0, registry.get("retention.rows.deleted").tag("pass", SESSIONS).counter().count());
    assertEquals(1, registry.get("retention.sweeps").tags("pass", SESSIONS, "outcome", "success").timer().count());
  }

  @Test
  void everyMeterOfEveryPassExistsAtItsFirstValueOnceTheRuntimeIsBuiltSoTheFirstSweepIsAnIncrease() {
    listener.runtimeBuilt(List.of(settings(AUDIT, ExpiredPartitions.DROP, true, false),
        settings(SESSIONS, ExpiredPartitions.ROWS, false, true)));

    for (String pass : List.of(AUDIT, SESSIONS)) {
      assertEquals(0, registry.get("retention.rows.deleted").tag("pass", pass).counter().count(), pass);
      assertEquals(0, registry.get("retention.batches").tag("pass", pass).timer().count(), pass);
      for (String outcome : List.of("success", "failure", "skipped")) {
        assertEquals(0, registry.get("retention.sweeps").tags("pass", pass, "outcome", outcome).timer().count());
      }
      assertEquals(0, registry.get("retention.consecutive.failures").tag("pass", pass).gauge().value(), pass);
      assertTrue(Double.isNaN(registry.get("retention.work.remains").tag("pass", pass).gauge().value()),
          "before the first sweep no one knows whether work remains");
      assertTrue(Double.isNaN(
          registry.get("retention.expiry.lag").tag("pass", pass).timeGauge().value(TimeUnit.SECONDS)));
      assertTrue(Double.isNaN(
          registry.get("retention.last.success.timestamp").tag("pass", pass).timeGauge().value(TimeUnit.SECONDS)),
          "no sweep has succeeded yet");
    }
    assertEquals(1, registry.get("retention.pass.info")
        .tags("pass", AUDIT, "window", "7d", "statement", "portable_jpql", "enabled", "true", "dry_run", "false")
        .gauge().value());
    assertEquals(1, registry.get("retention.pass.info")
        .tags("pass", SESSIONS, "enabled", "false", "dry_run", "true").gauge().value());
    assertEquals(0, registry.get("retention.partitions.dropped").tag("pass", AUDIT).counter().count(),
        "a pass that drops expired partitions counts them from zero");
    assertNull(registry.find("retention.partitions.dropped").tag("pass", SESSIONS).counter(),
        "a pass that deletes rows drops no partition");

    listener.batchCompleted(BatchReport.of(AUDIT, 1, 50, Duration.ofMillis(40), 500));
    assertEquals(50, registry.get("retention.rows.deleted").tag("pass", AUDIT).counter().count());
  }

  @Test
  void theFailuresInARowCountUntilASweepSucceedsWhichSetsTheTimeOfTheLastSuccess() {
    listener.runtimeBuilt(List.of(settings(SESSIONS, ExpiredPartitions.ROWS, true, false)));
    Throwable missingTable = new IllegalStateException("Table \"USER_SESSION\" not found");

    listener.sweepFinished(report(SESSIONS, false, Optional.empty(), Optional.of(missingTable), Duration.ofMillis(5)));
    listener.sweepFinished(report(SESSIONS, false, Optional.empty(), Optional.of(missingTable), Duration.ofMillis(5)));
    assertEquals(2, failuresInARow(SESSIONS));
    assertTrue(Double.isNaN(lastSuccess(SESSIONS)));

    // Neither a skipped sweep nor one tenant's on-demand sweep is a sweep of the pass.
    listener.sweepFinished(SweepReport.builder(SESSIONS, NOW, NOW).skipped(true).build());
    listener.sweepFinished(report(SESSIONS, Scope.of("acme"), false, false, Optional.empty(), Optional.empty(),
        Duration.ofMillis(3)));
    assertEquals(2, failuresInARow(SESSIONS));
    assertTrue(Double.isNaN(lastSuccess(SESSIONS)));

    listener.sweepFinished(report(SESSIONS, false, Optional.empty(), Optional.empty(), Duration.ofMillis(1_500)));
    assertEquals(0, failuresInARow(SESSIONS), "the first sweep that succeeds ends the failures");
    assertEquals(NOW.getEpochSecond() + 1.5, lastSuccess(SESSIONS), 0.001, "when that sweep ended");

    listener.sweepFinished(report(SESSIONS, false, Optional.empty(), Optional.of(missingTable), Duration.ofMillis(5)));
    assertEquals(1, failuresInARow(SESSIONS));
    assertEquals(NOW.getEpochSecond() + 1.5, lastSuccess(SESSIONS), 0.001, "a failure leaves the last success");
  }

  @Test
  void tenThousandTenantsAreNoMoreMetersThanOne() {
    listener.runtimeBuilt(List.of(settings(SESSIONS, ExpiredPartitions.ROWS, true, false)));
    int metersOfThePass = registry.getMeters().size();

    for (int tenant = 0; tenant < 10_000; tenant++) {
      listener.sweepFinished(report(SESSIONS, Scope.of("tenant-" + tenant), false, false, Optional.empty(),
          Optional.empty(), Duration.ofMillis(1)));
      listener.batchCompleted(BatchReport.of(SESSIONS, 1, 1, Duration.ofMillis(1), 500));
    }

    assertEquals(metersOfThePass, registry.getMeters().size());
    assertEquals(10_000, registry.get("retention.rows.deleted").tag("pass", SESSIONS).counter().count());
    assertEquals(14, metersOfThePass, "rows, batches, three sweep outcomes, five gauges, the info, the time held, the"
        + " two replica gauges: "
        + registry.getMeters().stream().map(meter -> meter.getId().getName()).toList());
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

  private double failuresInARow(String pass) {
    return registry.get("retention.consecutive.failures").tag("pass", pass).gauge().value();
  }

  private double lastSuccess(String pass) {
    return registry.get("retention.last.success.timestamp").tag("pass", pass).timeGauge().value(TimeUnit.SECONDS);
  }

  /**
   * What a runtime would tell the listener of {@code pass} when built: a week's window, the portable statements. A
   * proxy, since the listener reads only these few of the settings; any other call fails the test.
   */
  private static PassSettings settings(String pass, ExpiredPartitions expiredPartitions, boolean enabled,
      boolean dryRun) {
    Map<String, Object> answers = Map.of("pass", pass, "retention", Duration.ofDays(7),
        "statementShape", StatementShape.PORTABLE_JPQL, "expiredPartitions", expiredPartitions, "enabled", enabled,
        "dryRun", dryRun);
    return (PassSettings) Proxy.newProxyInstance(PassSettings.class.getClassLoader(),
        new Class<?>[] {PassSettings.class}, (proxy, method, arguments) -> {
          Object answer = answers.get(method.getName());
          if (answer == null) {
            throw new AssertionError("the listener read " + method.getName() + " of the settings");
          }
          return answer;
        });
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
