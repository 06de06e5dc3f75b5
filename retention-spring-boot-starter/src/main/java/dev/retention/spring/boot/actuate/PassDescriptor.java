package dev.retention.spring.boot.actuate;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.health.PassHistory;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;

/**
 * One pass as the endpoint shows it. Settings are written the way configuration writes them ({@code 1h}, {@code 500});
 * instants and measured durations in ISO-8601, so that the JSON reads the same whatever the application's JSON
 * settings.
 *
 * @param entity the pass's name: the entity's canonical class name ({@code Outer.Inner} for a nested entity)
 * @param settings the options in force, by configuration key, and the {@code effective-interval} derived from them
 * @param consecutiveFailures how many sweeps in a row, up to the last, have failed
 * @param lastReport the last sweep's report; null before the first sweep
 */
public record PassDescriptor(
    String entity,
    Map<String, Object> settings,
    int consecutiveFailures,
    @Nullable ReportDescriptor lastReport) implements OperationResponseBody {

  static PassDescriptor of(RetentionPass pass, PassSettings settings, Optional<PassHistory> history) {
    return new PassDescriptor(
        pass.name(),
        settingsOf(settings),
        history.map(PassHistory::consecutiveFailures).orElse(0),
        history.map(PassHistory::lastReport).map(ReportDescriptor::of).orElse(null));
  }

  private static Map<String, Object> settingsOf(PassSettings settings) {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put(RetentionOption.ENABLED.key(), settings.enabled());
    values.put(RetentionOption.RETENTION.key(), RetentionOption.RETENTION.format(settings.retention()));
    values.put("retention-source", settings.retentionOverridden() ? "configuration" : "annotation");
    values.put(RetentionOption.BATCH_SIZE.key(), settings.batchSize());
    values.put("batch-sizing", settings.batchSizeFixed() ? "fixed" : "by batch-target");
    settings.batchTarget().filter(target -> !settings.batchSizeFixed())
        .ifPresent(target -> values.put(RetentionOption.BATCH_TARGET.key(),
            RetentionOption.BATCH_TARGET.format(target)));
    values.put(RetentionOption.BATCH_DELAY.key(), RetentionOption.BATCH_DELAY.format(settings.batchDelay()));
    values.put(RetentionOption.SWEEP_INTERVAL.key(), RetentionOption.SWEEP_INTERVAL.format(settings.sweepInterval()));
    values.put("effective-interval", RetentionOption.SWEEP_INTERVAL.format(settings.effectiveInterval()));
    values.put(RetentionOption.MAX_STARTUP_STAGGER.key(),
        RetentionOption.MAX_STARTUP_STAGGER.format(settings.maxStartupStagger()));
    values.put(RetentionOption.MAX_BATCHES_PER_SWEEP.key(), settings.maxBatchesPerSweep());
    values.put(RetentionOption.DRY_RUN.key(), settings.dryRun());
    values.put(RetentionOption.BATCH_TIMEOUT.key(), RetentionOption.BATCH_TIMEOUT.format(settings.batchTimeout()));
    values.put("statements", settings.statementShape().description());
    return values;
  }

  /**
   * What one sweep did.
   *
   * @param cutoff the instant rows were compared with, or {@code never} when the window keeps every row
   * @param lag how long the oldest expired row left has been expired; null when none is left
   * @param failure the exception's class and message when the sweep failed; null when it succeeded
   */
  public record ReportDescriptor(
      String startedAt,
      String cutoff,
      long deleted,
      int batches,
      boolean workRemains,
      boolean dryRun,
      String duration,
      @Nullable String lag,
      @Nullable String failure) {

    static ReportDescriptor of(SweepReport report) {
      return new ReportDescriptor(
          report.startedAt().toString(),
          // A window of never keeps every row, and compares nothing with a cutoff.
          report.cutoff().equals(Instant.MIN) ? RetentionOption.NEVER : report.cutoff().toString(),
          report.deleted(),
          report.batches(),
          report.workRemains(),
          report.dryRun(),
          report.duration().toString(),
          report.lag().map(Duration::toString).orElse(null),
          report.failure().map(Throwable::toString).orElse(null));
    }
  }
}
