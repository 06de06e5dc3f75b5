package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.model.SessionToken;
import dev.retention.it.support.ControlledPass;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.RecordingListener;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.generated.RetentionRegistry;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** One sweep at a time, called directly: what a sweep does between its cutoff and its report. */
@EveryProvider
class SweepLoopTest extends H2Fixture {

  /** Before-delete hooks that fail their batches on purpose; the runtime warns of each failed sweep. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("failed: .*BeforeDeleteFailedException")
      .allow("Sweep listener .* failed on an event of .*metrics backend down");

  final RecordingListener listener = new RecordingListener();

  @Test
  void theCutoffStaysFixedSoASweepEndsWhileRowsKeepArriving() {
    persistExpiredSessions(1, 100);
    List<SessionToken> arriving = new ArrayList<>();
    long[] nextId = {10_000};
    ControlledPass sessions = ControlledPass.of(SessionToken.class).onBatch(deleted -> {
      // After each batch the clock moves on and more rows arrive than one batch clears, each already expired by the
      // moving clock; none of them is expired at the sweep's cutoff, so the sweep still drains and ends.
      clock.advance(Duration.ofSeconds(1));
      for (int i = 0; i < 15; i++) {
        arriving.add(new SessionToken(nextId[0]++, clock.instant().minusMillis(1)));
      }
    });
    try (RetentionRuntime retention = ControlledPass.builder(emf, sessions).clock(clock)
        .portableStatements(true)
        .listener(new dev.retention.runtime.SweepListener() {
          @Override
          public void batchCompleted(dev.retention.runtime.BatchReport batch) {
            Jpa.persistAll(emf, List.copyOf(arriving));
            arriving.clear();
          }
        })
        .defaults(RetentionOptions.empty().withBatchSize(10).withMaxBatchesPerSweep(1_000))
        .build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertEquals(NOW, report.cutoff());
      assertEquals(100, report.deleted(), "only the rows expired at the cutoff");
      assertEquals(11, report.batches());
      assertFalse(report.workRemains());
      assertTrue(Jpa.count(emf, SessionToken.class) >= 150, "the arrivals are still there, for the next sweep");
    }
  }

  @Test
  void aFailingBatchRollsBackEndsTheSweepAndIsReportedWithThePassNamed() {
    persistExpiredSessions(1, 25);
    int[] batches = {0};
    ControlledPass sessions = ControlledPass.of(SessionToken.class).onBatch(deleted -> {
      if (++batches[0] == 2) {
        throw new IllegalStateException("disk full");
      }
    });
    try (RetentionRuntime retention = runtime(sessions).build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertEquals(10, report.deleted(), "the first batch committed");
      assertEquals(1, report.batches());
      Throwable failure = report.failure().orElseThrow();
      assertTrue(failure.getMessage().startsWith("Sweep of " + SESSIONS + " failed in batch 2 (cutoff " + NOW + "): "),
          failure::getMessage);
      assertEquals("disk full", rootCause(failure).getMessage());
      assertEquals(15, Jpa.count(emf, SessionToken.class), "the second batch's ten deletions were rolled back");
      assertTrue(report.lag().isPresent(), "the lag still tells how far behind the pass is");
    }
  }

  @Test
  void aDisabledPassIsListedButNeverSwept() {
    persistExpiredSessions(1, 5);
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock)
        .configuration(Map.of("retention." + SESSIONS + ".enabled", "false"))
        .build()) {
      assertTrue(names(retention.passes()).contains(SESSIONS));
      assertFalse(retention.settings(SESSIONS).enabled());

      List<SweepReport> reports = retention.sweepAll();

      assertEquals(List.of(AUDIT), reports.stream().map(SweepReport::pass).toList());
      IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class, () -> retention.sweep(SESSIONS));
      assertEquals("Pass " + SESSIONS + " is disabled (retention." + SESSIONS + ".enabled = false)",
          refusal.getMessage());
    }
    assertEquals(5, Jpa.count(emf, SessionToken.class));
  }

  @Test
  void aDryRunFromConfigurationCountsAndDeletesNothing() {
    persistExpiredSessions(1, 42);
    java.util.Properties properties = new java.util.Properties();
    properties.setProperty("retention." + SESSIONS + ".dry-run", "true");
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).configuration(properties).build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.dryRun());
      assertEquals(42, report.deleted());
      assertEquals(0, report.batches());
      assertEquals(Duration.ofDays(30).minusSeconds(60), report.lag().orElseThrow(), "the oldest, session 1");
    }
    assertEquals(42, Jpa.count(emf, SessionToken.class));
  }

  @Test
  void theListenerHearsEachSweepAndBatchInOrder() {
    persistExpiredSessions(1, 15);
    try (RetentionRuntime retention = runtime(ControlledPass.of(SessionToken.class)).build()) {
      retention.sweep(SESSIONS);
    }

    assertEquals(List.of("built SessionToken", "started SessionToken", "batch 1 SessionToken", "batch 1 done SessionToken 10",
        "batch 2 SessionToken", "batch 2 done SessionToken 5", "finished SessionToken"), listener.events);
  }

  @Test
  void theListenerHearsOfEveryPassAndItsSettingsWhenTheRuntimeIsBuiltBeforeAnySweep() {
    java.util.Properties properties = new java.util.Properties();
    properties.setProperty("retention." + AUDIT + ".enabled", "false");
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).configuration(properties)
        .listener(listener).build()) {
      // Never started, never swept: a meter made now starts from zero, and the first sweep counts.
      assertEquals(1, listener.built.size(), "once per runtime");
      List<PassSettings> passes = listener.built.get(0);
      assertEquals(List.of(AUDIT, SESSIONS), passes.stream().map(PassSettings::pass).toList(),
          "every pass, the disabled one too, sorted by name");
      assertEquals(retention.settings(SESSIONS).statementShape(), passes.get(1).statementShape());
      assertEquals(retention.settings(SESSIONS).retention(), passes.get(1).retention());
      assertFalse(passes.get(0).enabled());
      assertEquals(List.of("built AuditEntry", "built SessionToken"), listener.events);
    }
  }

  @Test
  void aListenerThatThrowsDoesNotStopTheSweep() {
    persistExpiredSessions(1, 15);
    try (RetentionRuntime retention = runtime(ControlledPass.of(SessionToken.class))
        .listener(new dev.retention.runtime.SweepListener() {
          @Override
          public void batchCompleted(dev.retention.runtime.BatchReport batch) {
            throw new IllegalStateException("metrics backend down");
          }
        })
        .build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.succeeded());
      assertEquals(15, report.deleted());
    }
  }

  @Test
  void registriesOfTwoModulesAreBothDiscoveredWithoutACollision() {
    List<String> registries = ServiceLoader.load(RetentionRegistry.class).stream()
        .map(provider -> provider.type().getName())
        .sorted()
        .collect(Collectors.toList());
    // This module's and the fixtures' (a provider module running these suites may add one of its own).
    assertEquals(1, registries.stream().filter(name -> name.startsWith("dev.retention.it.RetentionRegistry_")).count(),
        registries::toString);
    assertEquals(1, registries.stream().filter(name -> name.startsWith("dev.retention.it.shapes.RetentionRegistry_"))
        .count(), registries::toString);

    emf.close();
    emf = Jpa.factory(database, List.of(SessionToken.class, dev.retention.it.shapes.OtherModuleRow.class));
    Jpa.persistAll(emf, List.of(new dev.retention.it.shapes.OtherModuleRow(1, "expired", NOW.minusSeconds(1)),
        new dev.retention.it.shapes.OtherModuleRow(2, "live", NOW.plusSeconds(1))));
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).build()) {
      assertEquals(List.of("dev.retention.it.model.SessionToken", "dev.retention.it.shapes.OtherModuleRow"),
          names(retention.passes()), "passes of both modules whose entities this factory manages");

      assertEquals(1, retention.sweep("dev.retention.it.shapes.OtherModuleRow").deleted());
    }
  }

  @Test
  void passesOfEntitiesTheFactoryDoesNotManageAreLeftOut() {
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).build()) {
      assertEquals(List.of(AUDIT, SESSIONS), names(retention.passes()));
    }
  }

  @Test
  void closeIsIdempotentAndAClosedRuntimeRefusesToSweep() {
    RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).build().start();
    retention.close();
    retention.close();

    IllegalStateException refusal = assertThrows(IllegalStateException.class, retention::sweepAll);
    assertEquals("This RetentionRuntime is closed", refusal.getMessage());
    assertTrue(emf.isOpen(), "closing the runtime leaves the application's factory open");
  }

  private RetentionRuntime.Builder runtime(ControlledPass... passes) {
    return ControlledPass.builder(emf, passes).clock(clock)
        .portableStatements(true)
        .listener(listener)
        .defaults(RetentionOptions.empty().withBatchSize(10));
  }

  private static Throwable rootCause(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  private static List<String> names(List<RetentionPass> passes) {
    return passes.stream().map(RetentionPass::name).collect(Collectors.toList());
  }
}
