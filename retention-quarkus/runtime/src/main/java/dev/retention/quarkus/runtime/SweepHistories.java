package dev.retention.quarkus.runtime;

import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Keeps each pass's last sweep report and how many sweeps in a row have failed, for the readiness check. One entry per
 * pass, replaced on every sweep, so it stays small however long the application runs.
 */
@Singleton
public class SweepHistories implements SweepListener {

  /**
   * What is known of one pass's recent sweeps.
   *
   * @param lastReport the report of the most recent sweep
   * @param consecutiveFailures how many sweeps in a row, up to and including the last, failed; zero after a success
   */
  public record PassHistory(SweepReport lastReport, int consecutiveFailures) {

    static PassHistory first(SweepReport report) {
      return new PassHistory(report, report.succeeded() ? 0 : 1);
    }

    PassHistory then(SweepReport report) {
      return new PassHistory(report, report.succeeded() ? 0 : consecutiveFailures + 1);
    }
  }

  private final ConcurrentMap<String, PassHistory> histories = new ConcurrentHashMap<>();

  @Override
  public void sweepFinished(SweepReport report) {
    if (!report.scope().isAll()) {
      // Readiness follows the pass's own sweeps, not the on-demand sweeps of single scopes on request paths.
      return;
    }
    histories.merge(report.pass(), PassHistory.first(report), (known, latest) -> known.then(report));
  }

  /** The history of {@code pass}; empty until its first sweep has finished. */
  public Optional<PassHistory> history(String pass) {
    return Optional.ofNullable(histories.get(pass));
  }

  /** Every pass swept so far, by name, sorted. */
  public Map<String, PassHistory> histories() {
    return new TreeMap<>(histories);
  }
}
