package dev.retention.runtime.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.Scope;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepInFlight;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.internal.config.BoundSettings;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The view leaves out no option and no fact of a report: both lists are taken from the types themselves, so that a new
 * option or a new accessor of {@link SweepReport} fails here until the view shows it. The integrations' tests check
 * their output against the same lists.
 */
class RetentionViewTest {

  private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

  /** The facts of a report: its public accessors without parameters, by name. */
  static Set<String> reportAccessors() {
    return Arrays.stream(SweepReport.class.getDeclaredMethods())
        .filter(method -> Modifier.isPublic(method.getModifiers()) && !Modifier.isStatic(method.getModifiers()))
        .filter(method -> method.getParameterCount() == 0)
        .map(Method::getName)
        .filter(name -> !Set.of("hashCode", "toString").contains(name))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void theReportFactsAreTheAccessorsOfSweepReport() {
    assertEquals(reportAccessors(), new TreeSet<>(RetentionView.REPORT_FACTS));
  }

  @Test
  void aReportShowsEveryFactPlainlyAndNoNull() {
    SweepReport report = SweepReport.builder("com.acme.Event", NOW, NOW.minus(Duration.ofDays(30)))
        .deleted(7).batches(2).workRemains(true).duration(Duration.ofMillis(40)).lag(Optional.of(Duration.ofMinutes(3)))
        .scope(Scope.of("acme")).partitions(List.of("event_2029_11"), 1_200).setAside(4, "seconds in a millis column")
        .build();

    Map<String, Object> facts = RetentionView.report(report);

    assertEquals(RetentionView.REPORT_FACTS, new ArrayList<>(facts.keySet()));
    assertEquals("2029-12-02T00:00:00Z", facts.get("cutoff"));
    assertEquals(7L, facts.get("deleted"));
    assertEquals("PT3M", facts.get("lag"));
    assertEquals("", facts.get("failure"));
    assertEquals("acme", facts.get("scope"));
    assertEquals(List.of("event_2029_11"), facts.get("partitions"));
    assertEquals(1, facts.get("partitionsDropped"));
    assertEquals(4L, facts.get("setAside"));
    assertEquals("seconds in a millis column", facts.get("setAsideReason"));
    assertEquals(true, facts.get("succeeded"));
    assertFalse(facts.containsValue(null));
  }

  /**
   * A skipped sweep looked at no row: it claims no work left (nor any), and no success. It said {@code workRemains:
   * false} and {@code succeeded: true}.
   */
  @Test
  void aSkippedReportSaysSoClaimsNothingItDidNotSeeAndANeverWindowHasNoCutoff() {
    SweepReport skipped = SweepReport.builder("com.acme.Event", NOW, Instant.MIN).skipped(true).build();

    Map<String, Object> facts = RetentionView.report(skipped);

    assertEquals(true, facts.get("skipped"));
    assertEquals("", facts.get("workRemains"), "neither true nor false: it did not look");
    assertEquals(false, facts.get("succeeded"), "it did not run");
    assertEquals("", facts.get("failure"), "nor fail");
    assertEquals(RetentionOption.NEVER, facts.get("cutoff"));
    assertEquals("*", facts.get("scope"));
    assertEquals("", facts.get("lag"));
  }

  @Test
  void aSweepWithoutProgressSaysWhatHeldItsRows() {
    SweepReport stalled = SweepReport.builder("com.acme.Event", NOW, NOW.minus(Duration.ofDays(30))).batches(1)
        .workRemains(true).lag(Optional.of(Duration.ofMinutes(3)))
        .noProgress(SweepReport.NoProgress.HELD_ROWS, "every expired row left is locked by another transaction")
        .build();

    Map<String, Object> facts = RetentionView.report(stalled);

    assertEquals("held rows", facts.get("noProgress"));
    assertEquals("every expired row left is locked by another transaction", facts.get("noProgressReason"));
    assertEquals(true, facts.get("succeeded"), "no failure");
    Map<String, Object> progressing = RetentionView.report(SweepReport.builder("com.acme.Event", NOW, NOW).build());
    assertEquals("", progressing.get("noProgress"));
    assertEquals("", progressing.get("noProgressReason"));
  }

  /** A sweep under way shows since when, against what, and the batches and rows it has committed so far. */
  @Test
  void aSweepInFlightShowsSinceWhenAndHowFarItHasGot() {
    SweepInFlight sweep = new SweepInFlight("com.acme.Event", NOW, NOW.minus(Duration.ofDays(30)), 0, 0)
        .plusBatch(500).plusBatch(480);

    Map<String, Object> facts = RetentionView.inFlight(sweep);

    assertEquals(RetentionView.IN_FLIGHT_FACTS, new ArrayList<>(facts.keySet()));
    assertEquals(NOW.toString(), facts.get("startedAt"));
    assertEquals("2029-12-02T00:00:00Z", facts.get("cutoff"));
    assertEquals(2, facts.get("batches"));
    assertEquals(980L, facts.get("deleted"));
  }

  @Test
  void settingsShowEveryOptionByItsKeyThenWhatIsDerived() {
    BoundSettings settings = BoundSettings.builder("com.acme.Event").retention(Duration.ofDays(30), true)
        .scopeWindows(Map.of("acme", Duration.ofDays(7))).expiredPartitions(RetentionOption.ExpiredPartitions.DROP)
        .minRetention(Duration.ofHours(2)).statementShape(StatementShape.values()[0]).build();

    Map<String, Object> values = RetentionView.settings(settings);

    List<String> expected = Stream.concat(Arrays.stream(RetentionOption.values()).map(RetentionOption::key),
        RetentionView.DERIVED_SETTINGS.stream()).toList();
    assertEquals(expected, new ArrayList<>(values.keySet()));
    assertEquals("30d", values.get("retention"));
    assertEquals("2h", values.get("min-retention"));
    assertEquals(RetentionView.UNSET, values.get("batch-target"));
    assertEquals(10, values.get("max-batches-per-scope"));
    assertEquals("200ms", values.get("scope-sweep-budget"));
    assertEquals(true, values.get("epoch-check"));
    assertEquals("drop", values.get("expired-partitions"));
    assertEquals("0", values.get("max-replica-lag"));
    assertEquals(0, values.get("max-replica-lag-mb"));
    assertEquals("1m", values.get("max-hold-per-sweep"));
    assertEquals("auto", values.get("synchronous-commit"));
    assertEquals(0, values.get("max-rows-per-second"));
    assertEquals("configuration", values.get("retention-source"));
    assertEquals(Map.of("acme", "7d"), values.get("scope-windows"));
    assertFalse(values.containsValue(null));
  }
}
