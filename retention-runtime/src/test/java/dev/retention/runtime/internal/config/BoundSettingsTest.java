package dev.retention.runtime.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.health.RetentionView;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Settings built by name: a copy keeps every value, and nothing done to a builder changes settings built from it. */
class BoundSettingsTest {

  /** Every setting away from its built-in default, so that a value a copy dropped would show. */
  private static BoundSettings.Builder everySettingSet() {
    return BoundSettings.builder("com.acme.Event").enabled(false).retention(Duration.ofDays(3), true)
        .minRetention(Duration.ofMinutes(5)).batchSize(77).batchTarget(Optional.of(Duration.ofMillis(40)))
        .batchSizeFixed(false).batchDelay(Duration.ofMillis(3)).sweepInterval(Duration.ofMinutes(7))
        .maxStartupStagger(Duration.ofSeconds(9)).maxBatchesPerSweep(11).dryRun(true)
        .batchTimeout(Duration.ofSeconds(13)).maxBatchesPerScope(17).scopeSweepBudget(Duration.ofMillis(19))
        .scopeWindows(Map.of("b", Duration.ofDays(2), "a", Duration.ofDays(1))).epochCheck(false)
        .expiredPartitions(RetentionOption.ExpiredPartitions.DROP);
  }

  @Test
  void withStatementShapeKeepsEverySettingAndAddsOnlyTheStatements() {
    BoundSettings bound = everySettingSet().build();

    BoundSettings chosen = bound.withStatementShape(StatementShape.SKIP_LOCKED);

    assertEquals(RetentionView.settings(everySettingSet().statementShape(StatementShape.SKIP_LOCKED).build()),
        RetentionView.settings(chosen));
    IllegalStateException notYet = assertThrows(IllegalStateException.class, bound::statementShape);
    assertEquals("The statements of com.acme.Event are chosen when the runtime is built", notYet.getMessage());
  }

  @Test
  void aBuilderUsedAfterBuildChangesNothingBuiltBefore() {
    BoundSettings.Builder builder = everySettingSet();
    BoundSettings first = builder.build();

    builder.batchSize(5).dryRun(false);
    first.toBuilder().batchSize(6);

    assertEquals(77, first.batchSize());
    assertEquals(true, first.dryRun());
    assertEquals(5, builder.build().batchSize());
    assertEquals(java.util.List.of("a", "b"), java.util.List.copyOf(first.scopeWindows().keySet()), "sorted");
  }
}
