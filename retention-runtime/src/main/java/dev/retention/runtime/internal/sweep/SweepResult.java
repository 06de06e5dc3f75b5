package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.Scope;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.internal.pacing.Paced;
import dev.retention.runtime.internal.pacing.ReplicaLag;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a sweep did, or one step of it (a batch, a scope's run, the partitions dropped): immutable, and folded step by
 * step with the one merge rule {@link #plus}. The sweep's {@link SweepReport} is made from the last fold. Each step's
 * result is {@link #NOTHING} with the one fact the step adds.
 *
 * @param deleted rows deleted (in a dry run, counted)
 * @param batches batches committed
 * @param workRemains the sweep stopped with expired rows left in the scope it was in
 * @param moreLater a scope the sweep went past kept rows for a later sweep (its share was spent)
 * @param lag how long the oldest expired row left has been expired, the longest over the scopes
 * @param failure what failed the sweep; the latest, when several steps failed
 * @param partitions the partitions that went whole (in a dry run, would)
 * @param partitionRows the rows the catalog estimated those partitions held
 * @param epochCheck what the once-a-sweep check of the epoch values found; empty before it ran
 * @param skipped another instance held the pass's lock: the sweep did not run
 * @param paced how long replicas or the throttle held its batches, and why ({@link Paced})
 * @param stall what held the rows of a run whose batch deleted nothing while expired rows were left; the latest
 */
record SweepResult(long deleted, int batches, boolean workRemains, boolean moreLater, Optional<Duration> lag,
    Optional<RuntimeException> failure, List<String> partitions, long partitionRows,
    Optional<EpochPlausibility.Finding> epochCheck, boolean skipped, Paced paced, Optional<Stall> stall) {

  /** Nothing done yet. */
  static final SweepResult NOTHING = new SweepResult(0, 0, false, false, Optional.empty(), Optional.empty(), List.of(),
      0, Optional.empty(), false, Paced.NONE, Optional.empty());

  /**
   * Why a run made no progress: its batch deleted nothing while expired rows were left.
   *
   * @param kind held rows, rows out of the statement's reach, or not told
   * @param reason which rows and statement, in words
   */
  record Stall(SweepReport.NoProgress kind, String reason) {}

  SweepResult {
    partitions = List.copyOf(partitions);
  }

  /**
   * This result followed by {@code later}'s: counts add up, a flag set on either side stays set, the longer lag and the
   * later failure and stall count, the epoch check is the first one (it runs once a sweep), and the time held adds up.
   */
  SweepResult plus(SweepResult later) {
    List<String> allPartitions = new ArrayList<>(partitions);
    allPartitions.addAll(later.partitions);
    return new SweepResult(deleted + later.deleted, batches + later.batches, workRemains || later.workRemains,
        moreLater || later.moreLater, longer(lag, later.lag), later.failure.or(() -> failure), allPartitions,
        partitionRows + later.partitionRows, epochCheck.or(() -> later.epochCheck), skipped || later.skipped,
        paced.plus(later.paced), later.stall.or(() -> stall));
  }

  private static Optional<Duration> longer(Optional<Duration> one, Optional<Duration> other) {
    if (one.isEmpty()) {
      return other;
    }
    return other.isPresent() && other.get().compareTo(one.get()) > 0 ? other : one;
  }

  /** A run whose batch deleted nothing while expired rows were left, held as {@code stall} says. */
  static SweepResult stalled(Stall stall) {
    return new SweepResult(0, 0, false, false, Optional.empty(), Optional.empty(), List.of(), 0, Optional.empty(),
        false, Paced.NONE, Optional.of(stall));
  }

  /** A batch that committed, having deleted {@code rows}. */
  static SweepResult batch(int rows) {
    return new SweepResult(rows, 1, false, false, Optional.empty(), Optional.empty(), List.of(), 0, Optional.empty(),
        false, Paced.NONE, Optional.empty());
  }

  /** Rows counted by a dry run, in no batch. */
  static SweepResult counted(long rows) {
    return new SweepResult(rows, 0, false, false, Optional.empty(), Optional.empty(), List.of(), 0, Optional.empty(),
        false, Paced.NONE, Optional.empty());
  }

  /** The step stopped with expired rows left in its scope. */
  static final SweepResult WORK_LEFT = new SweepResult(0, 0, true, false, Optional.empty(), Optional.empty(),
      List.of(), 0, Optional.empty(), false, Paced.NONE, Optional.empty());

  /** The step went past a scope whose share was spent, with rows left in it. */
  static final SweepResult MORE_LATER = new SweepResult(0, 0, false, true, Optional.empty(), Optional.empty(),
      List.of(), 0, Optional.empty(), false, Paced.NONE, Optional.empty());

  /** The sweep did not run: another instance held the pass's lock. */
  static final SweepResult SKIPPED = new SweepResult(0, 0, false, false, Optional.empty(), Optional.empty(),
      List.of(), 0, Optional.empty(), true, Paced.NONE, Optional.empty());

  static SweepResult failed(RuntimeException failure) {
    return new SweepResult(0, 0, false, false, Optional.empty(), Optional.of(failure), List.of(), 0,
        Optional.empty(), false, Paced.NONE, Optional.empty());
  }

  static SweepResult lag(Optional<Duration> lag) {
    return new SweepResult(0, 0, false, false, lag, Optional.empty(), List.of(), 0, Optional.empty(), false,
        Paced.NONE, Optional.empty());
  }

  static SweepResult epochChecked(EpochPlausibility.Finding finding) {
    return new SweepResult(0, 0, false, false, Optional.empty(), Optional.empty(), List.of(), 0,
        Optional.of(finding), false, Paced.NONE, Optional.empty());
  }

  static SweepResult partitions(List<String> partitions, long rows, boolean workRemains) {
    return new SweepResult(0, 0, workRemains, false, Optional.empty(), Optional.empty(), partitions, rows,
        Optional.empty(), false, Paced.NONE, Optional.empty());
  }

  /** What pacing did before a batch: how long it was held, and why. */
  static SweepResult paced(Paced paced) {
    return new SweepResult(0, 0, false, false, Optional.empty(), Optional.empty(), List.of(), 0, Optional.empty(),
        false, paced, Optional.empty());
  }

  boolean failed() {
    return failure.isPresent();
  }

  /** Whether expired rows were left in the scope the sweep was in, or in one it went past. */
  boolean rowsLeft() {
    return workRemains || moreLater;
  }

  /**
   * Why the sweep made no progress, where it made none: a run's batch deleted nothing while expired rows were left, and
   * the sweep deleted nothing else, dropped no partition, and did not fail (a failure is the sweep's story then).
   */
  Optional<Stall> noProgress() {
    return deleted == 0 && partitions.isEmpty() && failure.isEmpty() && !skipped ? stall : Optional.empty();
  }

  /** The report of a sweep of {@code scope} that started at {@code startedAt} and took {@code took}. */
  SweepReport report(String pass, Instant startedAt, Instant cutoff, Scope scope, boolean dryRun, Duration took) {
    return report(pass, startedAt, cutoff, scope, Optional.empty(), dryRun, took);
  }

  /** The report of a sweep of {@code scope} of {@code tenant}'s rows (empty: a factory without tenants). */
  SweepReport report(String pass, Instant startedAt, Instant cutoff, Scope scope, Optional<String> tenant,
      boolean dryRun, Duration took) {
    EpochPlausibility.Finding epoch = epochCheck.orElse(EpochPlausibility.Finding.NONE);
    SweepReport.Builder report = SweepReport.builder(pass, startedAt, cutoff)
        .deleted(deleted)
        .batches(batches)
        .workRemains(rowsLeft())
        .dryRun(dryRun)
        .duration(took)
        .lag(lag)
        .failure(failure.orElse(null))
        .scope(scope)
        .tenant(tenant.orElse(null))
        .skipped(skipped)
        .partitions(partitions, partitionRows)
        .setAside(epoch.rows(), epoch.reason())
        .held(paced.held(), paced.heldBy().orElse(null))
        .replicaLag(paced.replica().flatMap(replica -> replica.bytes().isPresent()
            ? Optional.of(replica.bytes().getAsLong()) : Optional.empty()),
            paced.replica().flatMap(ReplicaLag::time));
    noProgress().ifPresent(stalled -> report.noProgress(stalled.kind(), stalled.reason()));
    return report.build();
  }
}
