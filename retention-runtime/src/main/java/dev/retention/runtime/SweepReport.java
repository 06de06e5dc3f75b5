package dev.retention.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What one sweep of one pass did.
 *
 * @param pass the pass's name (the entity's fully qualified class name)
 * @param startedAt when the sweep began, by the runtime's clock
 * @param cutoff the instant rows were compared with: {@code startedAt} minus the pass's retention
 * @param deleted rows deleted; in a dry run, rows that would have been
 * @param batches batches committed (none in a dry run)
 * @param workRemains whether the sweep stopped with expired rows left: it reached {@code max-batches-per-sweep}, or it
 *     was stopped by {@code close()}
 * @param dryRun whether this was a dry run that deleted nothing
 * @param duration how long the sweep took
 * @param lag after the sweep, how long the oldest expired row still present has been expired; empty when none is left
 * @param failure what ended the sweep early, if anything
 * @param scope the rows swept: {@link Scope#all()} for a sweep of the whole pass (of a scoped pass: every scope, each
 *     against its own window, while {@code cutoff} is the pass's), or the one scope of
 *     {@code RetentionRuntime.sweep(pass, scope)}, whose window gave {@code cutoff}
 */
public record SweepReport(
    String pass,
    Instant startedAt,
    Instant cutoff,
    long deleted,
    int batches,
    boolean workRemains,
    boolean dryRun,
    Duration duration,
    Optional<Duration> lag,
    Optional<Throwable> failure,
    Scope scope) {

  /** The report of a sweep of the whole pass. */
  public SweepReport(String pass, Instant startedAt, Instant cutoff, long deleted, int batches, boolean workRemains,
      boolean dryRun, Duration duration, Optional<Duration> lag, Optional<Throwable> failure) {
    this(pass, startedAt, cutoff, deleted, batches, workRemains, dryRun, duration, lag, failure, Scope.all());
  }

  public SweepReport {
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(pass, "pass");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(cutoff, "cutoff");
    Objects.requireNonNull(duration, "duration");
    Objects.requireNonNull(lag, "lag");
    Objects.requireNonNull(failure, "failure");
  }

  /** Whether the sweep ended without a failure. */
  public boolean succeeded() {
    return failure.isEmpty();
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(pass);
    if (!scope.isAll()) {
      text.append(" (").append(scope).append(')');
    }
    text.append(": ");
    text.append(dryRun ? "would delete " : "deleted ").append(deleted).append(deleted == 1 ? " row" : " rows");
    if (!dryRun) {
      text.append(" in ").append(batches).append(batches == 1 ? " batch" : " batches");
    }
    text.append(", cutoff ").append(cutoff).append(", took ").append(duration.toMillis()).append(" ms");
    if (workRemains) {
      text.append(", work remains");
    }
    lag.ifPresent(value -> text.append(", lag ").append(value));
    failure.ifPresent(error -> text.append(", failed: ").append(error));
    return text.toString();
  }
}
