package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.Scope;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What one sweep did so far, over all the scopes it went through: the numbers its report gives, and the batches it
 * numbers. Told to the listener when the sweep starts and when it finishes.
 */
final class Tally {

  private final String pass;
  private final Instant startedAt;
  private final SweepEnvironment environment;
  private final long startNanos;
  private final Scope scope;
  private final boolean dryRun;
  /** The cutoff the report gives: the pass's, or the one scope's of an on-demand sweep. */
  Instant cutoff;
  long deleted;
  int batches;
  /** The sweep stopped with expired rows left in the scope it was in. */
  boolean workRemains;
  /** A scope the sweep went past kept rows for a later sweep. */
  boolean moreLater;
  Optional<Duration> lag = Optional.empty();
  RuntimeException failure;
  /** The partitions that went whole (in a dry run, would), and the rows the catalog estimated they held. */
  final List<String> partitions = new ArrayList<>();
  long partitionRows;
  /** Whether the sweep checked its epoch values already (once a sweep, whatever its scopes). */
  boolean epochValuesChecked;
  /** The rows whose epoch values are implausible for their unit, kept, and why. */
  long setAside;
  String setAsideReason;
  /** Another instance held the pass's lock: the sweep did not run. */
  boolean skipped;

  Tally(SweepEnvironment environment, String pass, Instant startedAt, Instant cutoff, Scope scope, boolean dryRun) {
    this.environment = environment;
    this.startNanos = environment.nanoTime();
    this.pass = pass;
    this.startedAt = startedAt;
    this.cutoff = cutoff;
    this.scope = scope;
    this.dryRun = dryRun;
  }

  long startNanos() {
    return startNanos;
  }

  void start(SweepListener listener) {
    listener.sweepStarted(pass, cutoff, dryRun);
  }

  /** Counts the rows one scope's run deleted, and its failure, into the sweep. */
  void add(BatchRun run) {
    deleted += run.deleted();
    if (run.failure() != null) {
      failure = run.failure();
    }
  }

  /** A longer lag of one scope becomes the sweep's. */
  void lagAtLeast(Optional<Duration> scopeLag) {
    if (scopeLag.isPresent() && (lag.isEmpty() || scopeLag.get().compareTo(lag.get()) > 0)) {
      lag = scopeLag;
    }
  }

  /** The report, told to the listener. */
  SweepReport finish(SweepListener listener) {
    SweepReport report = report();
    listener.sweepFinished(report);
    return report;
  }

  /** The report as the sweep stands. */
  SweepReport report() {
    return SweepReport.builder(pass, startedAt, cutoff)
        .deleted(deleted)
        .batches(batches)
        .workRemains(workRemains || moreLater)
        .dryRun(dryRun)
        .duration(Duration.ofNanos(environment.nanoTime() - startNanos))
        .lag(lag)
        .failure(failure)
        .scope(scope)
        .skipped(skipped)
        .partitions(partitions, partitionRows)
        .setAside(setAside, setAsideReason)
        .build();
  }
}
