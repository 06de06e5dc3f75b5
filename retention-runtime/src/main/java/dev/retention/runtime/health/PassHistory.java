package dev.retention.runtime.health;

import dev.retention.runtime.SweepReport;
import java.util.Objects;

/**
 * What is known of one pass's recent sweeps of all its rows.
 *
 * @param lastReport the report of the most recent sweep
 * @param consecutiveFailures how many sweeps in a row, up to and including the last, failed; zero after a success
 */
public record PassHistory(SweepReport lastReport, int consecutiveFailures) {

  public PassHistory {
    Objects.requireNonNull(lastReport, "lastReport");
    if (consecutiveFailures < 0) {
      throw new IllegalArgumentException("consecutiveFailures must not be negative, not " + consecutiveFailures);
    }
  }

  /** The history of a pass whose first known sweep is {@code report}. */
  static PassHistory first(SweepReport report) {
    return new PassHistory(report, report.succeeded() ? 0 : 1);
  }

  /** This history followed by {@code report}: a success forgets the failures before it. */
  PassHistory then(SweepReport report) {
    return new PassHistory(report, report.succeeded() ? 0 : consecutiveFailures + 1);
  }
}
