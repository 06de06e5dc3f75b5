package dev.retention.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retention.runtime.Scope;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetentionReportsTest {

  private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

  private final RetentionReports reports = new RetentionReports();

  @Test
  void countsFailuresInARowAndForgetsThemOnASuccess() {
    reports.sweepFinished(failed("a"));
    reports.sweepFinished(failed("a"));
    assertThat(reports.history("a")).map(RetentionReports.PassHistory::consecutiveFailures).contains(2);

    SweepReport success = succeeded("a", 5);
    reports.sweepFinished(success);
    assertThat(reports.history("a")).contains(new RetentionReports.PassHistory(success, 0));

    reports.sweepFinished(failed("a"));
    assertThat(reports.history("a")).map(RetentionReports.PassHistory::consecutiveFailures).contains(1);
  }

  @Test
  void keepsOnlyTheLastReportOfEachPass() {
    reports.sweepFinished(succeeded("b", 1));
    SweepReport last = succeeded("b", 2);
    reports.sweepFinished(last);
    reports.sweepFinished(succeeded("a", 3));

    assertThat(reports.histories()).containsOnlyKeys("a", "b");
    assertThat(reports.histories().keySet()).containsExactly("a", "b");
    assertThat(reports.history("b")).map(RetentionReports.PassHistory::lastReport).contains(last);
    assertThat(reports.history("c")).isEmpty();
  }

  @Test
  void anOnDemandSweepOfOneScopeNeitherResetsNorAddsToThePassFailures() {
    reports.sweepFinished(failed("a"));

    reports.sweepFinished(SweepReport.builder("a", NOW, NOW)
        .deleted(2)
        .batches(1)
        .duration(Duration.ofMillis(3))
        .scope(Scope.of("acme"))
        .build());
    reports.sweepFinished(SweepReport.builder("a", NOW, NOW)
        .duration(Duration.ofMillis(3))
        .failure(new IllegalStateException("lock timeout"))
        .scope(Scope.of("globex"))
        .build());

    assertThat(reports.history("a")).map(RetentionReports.PassHistory::consecutiveFailures).contains(1);
  }

  private static SweepReport succeeded(String pass, long deleted) {
    return report(pass, deleted, Optional.empty());
  }

  private static SweepReport failed(String pass) {
    return report(pass, 0, Optional.of(new IllegalStateException("database gone")));
  }

  private static SweepReport report(String pass, long deleted, Optional<Throwable> failure) {
    return SweepReport.builder(pass, NOW, NOW)
        .deleted(deleted)
        .batches(1)
        .duration(Duration.ofMillis(3))
        .failure(failure.orElse(null))
        .build();
  }
}
