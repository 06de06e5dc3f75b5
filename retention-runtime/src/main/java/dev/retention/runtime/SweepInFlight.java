package dev.retention.runtime;

import java.time.Instant;
import java.util.Objects;

/**
 * A sweep of all of a pass's rows under way, as far as it has got: a background sweep, {@code sweepAll()} or
 * {@code sweep(pass)}; not an on-demand sweep of one scope. {@link RetentionRuntime#sweepInFlight(String)} gives it, so
 * that a pass in its first long sweep shows what it is doing before its first report.
 *
 * @param pass the pass's name
 * @param startedAt when the sweep began, by the runtime's clock: its report's {@link SweepReport#startedAt()}
 * @param cutoff the instant rows are compared with, as {@link SweepReport#cutoff()}
 * @param batches the batches committed so far
 * @param deleted the rows those batches deleted (in a dry run, none until the count ends)
 */
public record SweepInFlight(String pass, Instant startedAt, Instant cutoff, int batches, long deleted) {

  public SweepInFlight {
    Objects.requireNonNull(pass, "pass");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(cutoff, "cutoff");
  }

  /** This sweep, one more batch committed, which deleted {@code rows}. */
  public SweepInFlight plusBatch(int rows) {
    return new SweepInFlight(pass, startedAt, cutoff, batches + 1, deleted + rows);
  }
}
