package dev.retention.quarkus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.retention.runtime.Scope;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SweepHistoriesTest {

  private static final String PASS = "com.acme.Notification";
  private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");

  private final SweepHistories histories = new SweepHistories();

  @Test
  void failedSweepsOfThePassCountInARowAndASuccessResetsThem() {
    histories.sweepFinished(report(Scope.all(), true));
    histories.sweepFinished(report(Scope.all(), true));
    assertEquals(2, histories.history(PASS).orElseThrow().consecutiveFailures());

    histories.sweepFinished(report(Scope.all(), false));
    assertEquals(0, histories.history(PASS).orElseThrow().consecutiveFailures());
  }

  @Test
  void anOnDemandSweepOfOneScopeIsNoSweepOfThePass() {
    histories.sweepFinished(report(Scope.all(), true));

    histories.sweepFinished(report(Scope.of("acme"), false));
    histories.sweepFinished(report(Scope.of("acme"), true));

    assertEquals(1, histories.history(PASS).orElseThrow().consecutiveFailures());
    assertEquals(Scope.all(), histories.history(PASS).orElseThrow().lastReport().scope());
  }

  private static SweepReport report(Scope scope, boolean failed) {
    return SweepReport.builder(PASS, NOW, NOW)
        .failure(failed ? new IllegalStateException("lock timeout") : null)
        .scope(scope)
        .build();
  }
}
