package dev.retention.runtime.internal.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.SweepReport;
import dev.retention.runtime.internal.pacing.ReplicaLag;
import dev.retention.runtime.internal.pacing.ReplicaReader;
import dev.retention.runtime.internal.pacing.ReplicaReading;
import dev.retention.runtime.internal.pacing.ReplicaWatch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The loop paced: a throttle or a replica behind its limit holds the next batch, the report says how long and why, the
 * wait is never batch time, the sweep's hold budget and the runtime closing end a held sweep with work remaining, and
 * the ceiling on rows a second spaces batches. Time is the fixture's monotonic source, which a pause moves on at once.
 */
class PacedSweepOnH2Test {

  private static final Duration EXPIRED = Duration.ofDays(40);
  private static final long MEGABYTE = 1024 * 1024;

  private LoopFixture fixture;
  private final List<Duration> batchTimes = new ArrayList<>();

  @BeforeEach
  void database() {
    fixture = new LoopFixture();
    fixture.onBatch(batch -> batchTimes.add(batch.duration()));
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void aThrottleHoldsTheSweepUntilItSaysGoAndTheReportSaysHowLongAndWhy() {
    fixture.persist(12, EXPIRED, null);
    long releaseAt = fixture.nanos.get() + Duration.ofSeconds(2).toNanos();
    fixture.throttle.set(pass -> fixture.nanos.get() < releaseAt ? Optional.of("maintenance window")
        : Optional.empty());

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5)).sweep();

    assertEquals(12, report.deleted());
    assertEquals(Duration.ofSeconds(2), report.heldFor(), "asked every half second until it said go");
    assertEquals(Optional.of("throttle: maintenance window"), report.heldBy());
    assertTrue(report.toString().contains("held 2000 ms (throttle: maintenance window)"), report.toString());
    assertTrue(batchTimes.stream().allMatch(Duration::isZero), "the wait is no batch's time: " + batchTimes);
  }

  @Test
  void aSweepHeldForItsWholeHoldBudgetEndsWithWorkRemainingAndNothingDeleted() {
    fixture.persist(12, EXPIRED, null);
    fixture.throttle.set(pass -> Optional.of("peak hours"));

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5).maxHoldPerSweep(Duration.ofSeconds(3))).sweep();

    assertEquals(0, report.deleted());
    assertEquals(0, report.batches());
    assertTrue(report.workRemains());
    assertEquals(Duration.ofSeconds(3), report.heldFor());
    assertEquals(Optional.of("throttle: peak hours"), report.heldBy());
    assertEquals(12, fixture.count());
  }

  @Test
  void closingTheRuntimeEndsAHeldSweepWithWorkRemaining() {
    fixture.persist(12, EXPIRED, null);
    int[] asked = {0};
    fixture.throttle.set(pass -> {
      if (++asked[0] == 2) {
        fixture.stop.stop();
      }
      return Optional.of("flag file present");
    });

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5).maxHoldPerSweep(Duration.ofHours(1))).sweep();

    assertEquals(0, report.deleted());
    assertTrue(report.workRemains());
    assertEquals(Duration.ofMillis(500), report.heldFor(), "one recheck, then the stop");
  }

  @Test
  void theRowsPerSecondCeilingSpacesBatchesWithoutHoldingThemOrCountingAsTheirTime() {
    fixture.persist(25, EXPIRED, null);
    long start = fixture.nanos.get();

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5).maxRowsPerSecond(10)).sweep();

    assertEquals(25, report.deleted());
    // Five full batches of 5 at 10 rows a second: each lets the next start half a second after it started; the sixth
    // (empty) one ends the run.
    assertEquals(Duration.ofMillis(2500), Duration.ofNanos(fixture.nanos.get() - start));
    assertEquals(Duration.ZERO, report.heldFor(), "pacing by the rate is not a hold");
    assertEquals(Optional.empty(), report.heldBy());
    assertTrue(batchTimes.stream().allMatch(Duration::isZero), "the wait is no batch's time: " + batchTimes);
  }

  @Test
  void aReplicaPastItsLimitHoldsTheSweepUntilItCatchesUpAndTheReportNamesIt() {
    fixture.persist(12, EXPIRED, null);
    long catchesUpAt = fixture.nanos.get() + Duration.ofSeconds(1).toNanos();
    fixture.replicas = Optional.of(new ReplicaWatch(new ScriptedReplica(() ->
        fixture.nanos.get() < catchesUpAt ? 20 * MEGABYTE : MEGABYTE)));

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5).maxReplicaLagMb(8)).sweep();

    assertEquals(12, report.deleted());
    assertEquals(Duration.ofSeconds(1), report.heldFor(), "looked again every 50 ms until it caught up");
    String why = report.heldBy().orElseThrow();
    assertTrue(why.contains("standby1") && why.contains("20.0 MB") && why.contains("8.0 MB"), why);
    assertEquals(Optional.of(MEGABYTE), report.replicaLagBytes(), "the latest reading");
    assertTrue(batchTimes.stream().allMatch(Duration::isZero), "the wait is no batch's time: " + batchTimes);
  }

  @Test
  void aReplicaThatNeverCatchesUpEndsTheSweepWithinItsHoldBudget() {
    fixture.persist(12, EXPIRED, null);
    fixture.replicas = Optional.of(new ReplicaWatch(new ScriptedReplica(() -> 20 * MEGABYTE)));

    SweepReport report = fixture.unscoped(LoopSettings.batchesOf(5).maxReplicaLagMb(8)
        .maxHoldPerSweep(Duration.ofSeconds(10))).sweep();

    assertEquals(0, report.deleted());
    assertTrue(report.workRemains());
    assertEquals(Duration.ofSeconds(10), report.heldFor());
    assertEquals(Optional.of(20 * MEGABYTE), report.replicaLagBytes());
    assertFalse(report.heldBy().isEmpty());
  }

  /** One standby, as far behind as {@code bytes} says at each read. */
  private record ScriptedReplica(java.util.function.LongSupplier bytes) implements ReplicaReader {

    @Override
    public ReplicaReading read() {
      return new ReplicaReading(List.of(new ReplicaLag("standby1", OptionalLong.of(bytes.getAsLong()),
          Optional.empty(), "streaming")), OptionalLong.empty());
    }

    @Override
    public boolean readsBytes() {
      return true;
    }

    @Override
    public String describe() {
      return "a scripted standby";
    }
  }

}
