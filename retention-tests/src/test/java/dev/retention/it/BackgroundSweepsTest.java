package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.AuditEntry;
import dev.retention.it.model.SessionToken;
import dev.retention.it.support.ControlledPass;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.it.support.StopLines;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The background sweepers, started for real. The clock stands still, so after its first sweep a drained pass is due
 * only an interval later; the tests wait on the listener, never on time.
 */
@EveryProvider
@Timeout(60)
class BackgroundSweepsTest extends H2Fixture {

  /** Before-delete hooks that fail their batches on purpose; the runtime warns of each failed sweep. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("failed: .*BeforeDeleteFailedException");

  final RecordingListener listener = new RecordingListener();

  @Test
  void passesWithBacklogsTakeTurnsAndEachContinuesUntilDrained() throws Exception {
    persistExpiredAudit(1, 25);
    persistExpiredSessions(1, 25);

    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withBatchSize(10)
        .withMaxBatchesPerSweep(1)).build().start()) {
      listener.awaitSweeps(6);
    }

    assertEquals(List.of("AuditEntry 10", "SessionToken 10", "AuditEntry 10", "SessionToken 10", "AuditEntry 5",
        "SessionToken 5"), listener.sweeps.stream().map(report -> simple(report.pass()) + " " + report.deleted())
        .collect(Collectors.toList()));
    assertEquals(List.of(true, true, true, true, false, false),
        listener.sweeps.stream().map(SweepReport::workRemains).collect(Collectors.toList()));
  }

  @Test
  void aPassThatFailsEverySweepLeavesTheOthersSweepingAndTheThreadAlive() throws Exception {
    persistExpiredAudit(1, 5);
    persistExpiredSessions(1, 5);
    ControlledPass failing = ControlledPass.of(SessionToken.class).onBatch(deleted -> {
      throw new IllegalStateException("constraint violated");
    });

    try (RetentionRuntime retention = ControlledPass.builder(emf, ControlledPass.of(AuditEntry.class), failing).clock(clock)
        .portableStatements(true)
        .listener(listener)
        .defaults(RetentionOptions.empty().withMaxStartupStagger(Duration.ZERO))
        .build().start()) {
      listener.awaitSweeps(2);
    }

    SweepReport audit = report(AUDIT);
    SweepReport sessions = report(SESSIONS);
    assertTrue(audit.succeeded());
    assertEquals(5, audit.deleted());
    assertTrue(sessions.failure().orElseThrow().getMessage().contains("constraint violated"));
    assertEquals(5, Jpa.count(emf, SessionToken.class), "the failed batch rolled back");
  }

  @Test
  void closeWakesASweepPausingBetweenBatchesAndEndsIt() throws Exception {
    persistExpiredSessions(1, 30);
    RetentionRuntime retention = runtime(RetentionOptions.empty().withBatchSize(10)
        .withBatchDelay(Duration.ofHours(1)))
        .portableStatements(true)
        .registries(List.of(() -> List.of(ControlledPass.generatedPassOf(SessionToken.class))))
        .closeTimeout(Duration.ofHours(1))
        .build().start();
    listener.awaitBatches(1);

    String stopLine;
    try (StopLines stopLines = StopLines.listening()) {
      retention.close();
      stopLine = stopLines.line(Level.INFO);
    }

    assertTrue(stopLine.startsWith("Retention stopped: waited ")
        && stopLine.contains(" ms for the sweep of " + SESSIONS + " in flight to end"), stopLine);
    SweepReport report = report(SESSIONS);
    assertEquals(1, report.batches(), "no batch after the pause that close cut short");
    assertTrue(report.workRemains());
    assertEquals(20, Jpa.count(emf, SessionToken.class));
  }

  @Test
  void closeLetsTheBatchInFlightFinishAndStartsNoOther() throws Exception {
    persistExpiredSessions(1, 30);
    CountDownLatch inBatch = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ControlledPass sessions = ControlledPass.of(SessionToken.class).onBatch(deleted -> {
      inBatch.countDown();
      await(release);
    });
    RetentionRuntime retention = ControlledPass.builder(emf, sessions).clock(clock)
        .portableStatements(true)
        .listener(listener)
        .closeTimeout(Duration.ofMinutes(1))
        .defaults(RetentionOptions.empty().withBatchSize(10).withMaxStartupStagger(Duration.ZERO))
        .build().start();
    assertTrue(inBatch.await(30, TimeUnit.SECONDS));

    AtomicBoolean closed = new AtomicBoolean();
    Thread closer = new Thread(() -> {
      retention.close();
      closed.set(true);
    });
    String stopLine;
    try (StopLines stopLines = StopLines.listening()) {
      closer.start();
      awaitParked(closer);
      assertFalse(closed.get(), "close waits for the batch in flight");
      release.countDown();
      closer.join(TimeUnit.SECONDS.toMillis(30));
      stopLine = stopLines.line(Level.INFO);
    }

    assertTrue(closed.get());
    assertTrue(stopLine.contains("for the sweep of " + SESSIONS + " in flight to end (a batch in flight commits, no"
        + " other starts)"), stopLine);
    SweepReport report = report(SESSIONS);
    assertEquals(1, report.batches());
    assertTrue(report.succeeded());
    assertEquals(20, Jpa.count(emf, SessionToken.class), "the batch in flight committed; no other started");
  }

  @Test
  void closeSaysItStoppedWhenNoSweepWasInFlight() throws Exception {
    RetentionRuntime retention = runtime(RetentionOptions.empty().withEnabled(false)).build().start();

    try (StopLines stopLines = StopLines.listening()) {
      retention.close();
      assertEquals("Retention stopped: no sweep was in flight", stopLines.line(Level.INFO));
    }
  }

  @Test
  void byDefaultOnePassSweepsAtATime() throws Exception {
    persistExpiredAudit(1, 5);
    persistExpiredSessions(1, 5);
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger mostInside = new AtomicInteger();
    ControlledPass.BatchHook counting = deleted -> {
      mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
      inside.decrementAndGet();
    };

    try (RetentionRuntime retention = ControlledPass.builder(emf, ControlledPass.of(AuditEntry.class).onBatch(counting),
            ControlledPass.of(SessionToken.class).onBatch(counting)).clock(clock)
        .portableStatements(true)
        .listener(listener)
        .defaults(RetentionOptions.empty().withMaxStartupStagger(Duration.ZERO))
        .build().start()) {
      listener.awaitSweeps(2);
    }

    assertEquals(1, mostInside.get());
  }

  @Test
  void withALimitOfTwoTwoPassesSweepAtOnce() throws Exception {
    persistExpiredAudit(1, 5);
    persistExpiredSessions(1, 5);
    CyclicBarrier bothInside = new CyclicBarrier(2);
    ControlledPass.BatchHook meet = deleted -> {
      try {
        bothInside.await(30, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new IllegalStateException("the two passes never swept at the same time", e);
      }
    };

    try (RetentionRuntime retention = ControlledPass.builder(emf, ControlledPass.of(AuditEntry.class).onBatch(meet),
            ControlledPass.of(SessionToken.class).onBatch(meet)).clock(clock)
        .portableStatements(true)
        .listener(listener)
        .maxConcurrentSweeps(2)
        .defaults(RetentionOptions.empty().withMaxStartupStagger(Duration.ZERO))
        .build().start()) {
      listener.awaitSweeps(2);
    }

    assertTrue(listener.sweeps.stream().allMatch(SweepReport::succeeded), listener.sweeps::toString);
  }

  @Test
  void sweeperThreadsAreDaemonsSoTheJvmCanExit() throws Exception {
    try (RetentionRuntime retention = runtime(RetentionOptions.empty()).build().start()) {
      listener.awaitSweeps(2);
      List<Thread> sweepers = Thread.getAllStackTraces().keySet().stream()
          .filter(thread -> thread.getName().matches("retention-[0-9]+-sweeper-[0-9]+"))
          .collect(Collectors.toList());
      assertFalse(sweepers.isEmpty());
      assertTrue(sweepers.stream().allMatch(Thread::isDaemon));
    }
  }

  private RetentionRuntime.Builder runtime(RetentionOptions options) {
    return RetentionRuntime.builder(emf).clock(clock)
        .listener(listener)
        .defaults(options.withMaxStartupStagger(Duration.ZERO));
  }

  /** Waits until {@code thread} parks with a timeout: close() has asked the sweeps to stop and waits for them. */
  private static void awaitParked(Thread thread) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (thread.getState() != Thread.State.TIMED_WAITING) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("close() never waited for the batch in flight: " + thread.getState());
      }
      Thread.onSpinWait();
    }
  }

  private SweepReport report(String pass) {
    return listener.sweeps.stream().filter(report -> report.pass().equals(pass)).findFirst().orElseThrow();
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the test never released the batch");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String simple(String pass) {
    return pass.substring(pass.lastIndexOf('.') + 1);
  }

  static List<String> names(List<RetentionPass> passes) {
    return passes.stream().map(RetentionPass::name).collect(Collectors.toList());
  }
}
