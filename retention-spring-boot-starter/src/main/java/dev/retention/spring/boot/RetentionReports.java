package dev.retention.spring.boot;

import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.springframework.core.Ordered;

/**
 * Keeps each pass's last sweep report and how many sweeps in a row have failed, for the actuator endpoint and the
 * health indicator. One entry per pass, replaced on every sweep, so it stays small however long the application runs.
 *
 * <p>It is registered ahead of the application's listeners, so that a listener told of a sweep finds the endpoint and
 * the health already up to date.
 */
public final class RetentionReports implements SweepListener, Ordered {

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
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE;
  }

  @Override
  public void sweepFinished(SweepReport report) {
    if (!report.scope().isAll()) {
      // Health and the endpoint follow the pass's own sweeps; an on-demand sweep of one scope on a request path would
      // otherwise reset the count of the pass's failed sweeps, or count towards DOWN for one tenant's trouble.
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
