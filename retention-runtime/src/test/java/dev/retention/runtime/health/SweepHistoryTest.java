package dev.retention.runtime.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.Scope;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SweepHistoryTest {

  private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

  private final SweepHistory history = new SweepHistory();

  @Test
  void countsFailuresInARowAndForgetsThemOnASuccess() {
    history.sweepFinished(report("a", Scope.all(), 0, true));
    history.sweepFinished(report("a", Scope.all(), 0, true));
    assertEquals(2, history.of("a").orElseThrow().consecutiveFailures());

    SweepReport success = report("a", Scope.all(), 5, false);
    history.sweepFinished(success);
    assertEquals(Optional.of(new PassHistory(success, 0)), history.of("a"));

    history.sweepFinished(report("a", Scope.all(), 0, true));
    assertEquals(1, history.of("a").orElseThrow().consecutiveFailures());
  }

  @Test
  void keepsOnlyTheLastReportOfEachPassSortedByName() {
    history.sweepFinished(report("b", Scope.all(), 1, false));
    SweepReport last = report("b", Scope.all(), 2, false);
    history.sweepFinished(last);
    history.sweepFinished(report("a", Scope.all(), 3, false));

    assertEquals(List.of("a", "b"), List.copyOf(history.all().keySet()));
    assertEquals(last, history.of("b").orElseThrow().lastReport());
    assertTrue(history.of("c").isEmpty());
  }

  @Test
  void aSkippedSweepIsTheLatestReportButNotPartOfTheFailuresInARow() {
    history.sweepFinished(report("a", Scope.all(), 0, true));
    SweepReport skipped = SweepReport.builder("a", NOW, NOW).skipped(true).build();
    history.sweepFinished(skipped);

    assertEquals(Optional.of(skipped), history.latest("a"));
    assertEquals(1, history.of("a").orElseThrow().consecutiveFailures());
    assertTrue(history.of("a").orElseThrow().lastReport().failure().isPresent(), "the last sweep that ran");
    assertTrue(history.latest("b").isEmpty());
  }

  /** A sweep that made no progress (its rows held) is no failure: it neither adds to the failures nor keeps them. */
  @Test
  void aSweepWithoutProgressIsNoFailure() {
    history.sweepFinished(report("a", Scope.all(), 0, true));
    SweepReport stalled = SweepReport.builder("a", NOW, NOW).batches(1).workRemains(true)
        .noProgress(SweepReport.NoProgress.HELD_ROWS, "every expired row left is locked by another transaction")
        .build();

    history.sweepFinished(stalled);

    assertEquals(Optional.of(new PassHistory(stalled, 0)), history.of("a"), "health counts no failure");
  }

  @Test
  void anOnDemandSweepOfOneScopeNeitherResetsNorAddsToThePassFailures() {
    history.sweepFinished(report("a", Scope.all(), 0, true));

    history.sweepFinished(report("a", Scope.of("acme"), 2, false));
    history.sweepFinished(report("a", Scope.of("globex"), 0, true));

    assertEquals(1, history.of("a").orElseThrow().consecutiveFailures());
  }

  @Test
  void theFailureThresholdIsAtLeastOne() {
    assertEquals(1, RetentionHealth.checkedFailuresThreshold(1));
    IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
        () -> RetentionHealth.checkedFailuresThreshold(0));
    assertEquals("failuresThreshold = 0: must be at least 1; it counts the failed sweeps in a row of one pass that"
        + " make Retention's health FAILING", zero.getMessage());
  }

  /**
   * A round over tenants reports each tenant's sweep: t2 failing while t1 and t3 succeed is a pass failing three sweeps
   * in a row, shown by t2's report, until t2 succeeds; the healthy tenants' successes do not hide it.
   */
  @Test
  void aFailingTenantKeepsItsFailuresInARowWhatTheOtherTenantsDo() {
    for (int round = 0; round < 3; round++) {
      history.sweepFinished(tenant("a", "t1", false));
      history.sweepFinished(tenant("a", "t2", true));
      history.sweepFinished(tenant("a", "t3", false));
    }
    PassHistory failing = history.of("a").orElseThrow();

    assertEquals(3, failing.consecutiveFailures());
    assertEquals(Optional.of("t2"), failing.lastReport().tenant());

    SweepReport recovered = tenant("a", "t2", false);
    history.sweepFinished(recovered);
    assertEquals(Optional.of(new PassHistory(recovered, 0)), history.of("a"));
  }

  private static SweepReport tenant(String pass, String tenant, boolean failed) {
    return SweepReport.builder(pass, NOW, NOW).tenant(tenant).batches(1)
        .failure(failed ? new IllegalStateException("schema " + tenant + " gone") : null).build();
  }

  /** The one place this test makes reports: what a sweep of {@code scope} of {@code pass} would give. */
  private static SweepReport report(String pass, Scope scope, long deleted, boolean failed) {
    return SweepReport.builder(pass, NOW, NOW)
        .deleted(deleted)
        .batches(1)
        .duration(Duration.ofMillis(3))
        .failure(failed ? new IllegalStateException("database gone") : null)
        .scope(scope)
        .build();
  }
}
