package dev.retention.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one sweep of one pass did: the pass, the cutoff its rows were compared with, the rows deleted (or, in a dry run,
 * that would be), the batches, whether work remains, how long it took, the expiry lag left, and the failure if any.
 *
 * <p>Made by the runtime; {@link #builder} makes one too, for a listener's own tests. New facts are added as new
 * accessors and builder steps, so callers never break.
 */
public final class SweepReport {

  private final String pass;
  private final Instant startedAt;
  private final Instant cutoff;
  private final long deleted;
  private final int batches;
  private final boolean workRemains;
  private final boolean dryRun;
  private final Duration duration;
  private final Optional<Duration> lag;
  private final Optional<Throwable> failure;
  private final Scope scope;
  private final Optional<String> tenant;
  private final boolean skipped;
  private final List<String> partitions;
  private final long partitionRows;
  private final long setAside;
  private final Optional<String> setAsideReason;
  private final Duration heldFor;
  private final Optional<String> heldBy;
  private final Optional<Long> replicaLagBytes;
  private final Optional<Duration> replicaLag;
  private final Optional<NoProgress> noProgress;
  private final Optional<String> noProgressReason;

  private SweepReport(Builder builder) {
    this.heldFor = builder.heldFor;
    this.heldBy = Optional.ofNullable(builder.heldBy);
    this.replicaLagBytes = builder.replicaLagBytes;
    this.replicaLag = builder.replicaLag;
    this.noProgress = Optional.ofNullable(builder.noProgress);
    this.noProgressReason = Optional.ofNullable(builder.noProgressReason);
    this.partitions = builder.partitions;
    this.partitionRows = builder.partitionRows;
    this.setAside = builder.setAside;
    this.setAsideReason = Optional.ofNullable(builder.setAsideReason);
    this.pass = builder.pass;
    this.startedAt = builder.startedAt;
    this.cutoff = builder.cutoff;
    this.deleted = builder.deleted;
    this.batches = builder.batches;
    this.workRemains = builder.workRemains;
    this.dryRun = builder.dryRun;
    this.duration = builder.duration;
    this.lag = Optional.ofNullable(builder.lag);
    this.failure = Optional.ofNullable(builder.failure);
    this.scope = builder.scope;
    this.tenant = Optional.ofNullable(builder.tenant);
    this.skipped = builder.skipped;
  }

  /**
   * A report of a sweep of {@code pass} begun at {@code startedAt} against {@code cutoff}: of all scopes, nothing
   * deleted, no batch, no failure, until the builder says otherwise.
   */
  public static Builder builder(String pass, Instant startedAt, Instant cutoff) {
    return new Builder(pass, startedAt, cutoff);
  }

  /** The pass's name (the entity's fully qualified class name). */
  public String pass() {
    return pass;
  }

  /** When the sweep began, by the runtime's clock. */
  public Instant startedAt() {
    return startedAt;
  }

  /**
   * The instant rows were compared with: {@code startedAt} minus the window; for a sweep of all of a scoped pass's
   * scopes, each against its own window, the pass's. {@link Instant#MIN} for a window of {@link ScopeWindows#NEVER},
   * which keeps every row.
   */
  public Instant cutoff() {
    return cutoff;
  }

  /** Rows deleted; in a dry run, rows that would have been. */
  public long deleted() {
    return deleted;
  }

  /**
   * Batches committed (none in a dry run), each deleting rows but the last, which may find none left. A sweep that
   * finds nothing expired runs none, whatever its statements: it looks for the oldest expired row first.
   */
  public int batches() {
    return batches;
  }

  /**
   * Whether the sweep stopped with expired rows left: it reached {@code max-batches-per-sweep} (or a scope its share),
   * it was stopped by {@code close()}, or it made no progress ({@link #noProgress()}). A dry run counts in one statement
   * and never stops early, so it is false there, although every row counted in {@link #deleted()} is still present.
   * It says only how this sweep stopped: false for a sweep that failed first, and for one {@link #skipped()}, which
   * looked at no row.
   */
  public boolean workRemains() {
    return workRemains;
  }

  /** Whether this was a dry run that deleted nothing. */
  public boolean dryRun() {
    return dryRun;
  }

  /** How long the sweep took. */
  public Duration duration() {
    return duration;
  }

  /** After the sweep, how long the oldest expired row still present has been expired; empty when none is left. */
  public Optional<Duration> lag() {
    return lag;
  }

  /** What ended the sweep early, if anything. */
  public Optional<Throwable> failure() {
    return failure;
  }

  /**
   * The rows swept: {@link Scope#all()} for a sweep of the whole pass, or the one scope of
   * {@code RetentionRuntime.sweep(pass, scope)}, whose window gave {@link #cutoff()}.
   */
  public Scope scope() {
    return scope;
  }

  /**
   * The tenant whose rows the sweep covered, in sessions opened for it, for a runtime given its tenants
   * ({@code RetentionRuntime.Builder.tenants}); empty for a factory without tenants, and for the summary of a round
   * over every tenant that {@code sweepAll()} and {@code sweep(pass)} return.
   */
  public Optional<String> tenant() {
    return tenant;
  }

  /**
   * Whether the window was {@link ScopeWindows#NEVER}: no row was read or deleted, and {@link #cutoff()} is none. A
   * pass whose own window is never but some of whose scopes have windows of their own keeps every row only when none of
   * theirs went either.
   */
  public boolean keepsEveryRow() {
    return cutoff.equals(Instant.MIN) && deleted == 0 && partitions.isEmpty();
  }

  /**
   * The expired rows the sweep kept because their values are implausible for the epoch unit the pass declares (epoch
   * seconds in a milliseconds column read as 1970; see {@link #setAsideReason()}), or that read as thousands of years
   * ahead and so never expire; 0 for a pass over a date type or with {@code epoch-check=false}. Such rows do not stop
   * the sweep: the others go.
   */
  public long setAside() {
    return setAside;
  }

  /** Why {@link #setAside()} rows were kept, naming the values read and the likely mistake; empty when none were. */
  public Optional<String> setAsideReason() {
    return setAsideReason;
  }

  /**
   * Whether the sweep did not run because another instance was sweeping the pass (it held the pass's lock in the
   * database): no row was read or deleted, and no lag measured. Not a failure: that instance does the work.
   */
  public boolean skipped() {
    return skipped;
  }

  /**
   * The partitions whose whole range was expired and that went whole before the batches (dropped, or detached with
   * {@code expired-partitions = detach}), or in a dry run would have; empty for a table not partitioned so, or with
   * the option off. Their rows are not in {@link #deleted()}, which counts the batches' rows.
   */
  public List<String> partitions() {
    return partitions;
  }

  /** How many partitions went whole: the size of {@link #partitions()}. */
  public int partitionsDropped() {
    return partitions.size();
  }

  /** The rows the {@link #partitions()} held, as the database's statistics estimated them (no row is counted). */
  public long partitionRows() {
    return partitionRows;
  }

  /**
   * How long the sweep's batches waited for a replica behind its limit ({@code max-replica-lag},
   * {@code max-replica-lag-mb}) or for the application's {@link SweepThrottle}; zero when nothing held it. Never the
   * pacing of {@code max-rows-per-second}, nor batch time.
   */
  public Duration heldFor() {
    return heldFor;
  }

  /**
   * Why the sweep was held, the latest reason: which replica and how far behind it was, or what the throttle said;
   * empty when nothing held it.
   */
  public Optional<String> heldBy() {
    return heldBy;
  }

  /**
   * The WAL, in bytes, the replica furthest behind still had to replay when the sweep last read its replicas
   * (PostgreSQL); empty when it read none.
   */
  public Optional<Long> replicaLagBytes() {
    return replicaLagBytes;
  }

  /** How far behind in time the replica furthest behind was when the sweep last read its replicas; empty: none read. */
  public Optional<Duration> replicaLag() {
    return replicaLag;
  }

  /**
   * Whether the sweep ended without a failure. False for a sweep {@link #skipped()} too, which did not run: it neither
   * succeeded nor failed ({@link #failure()} is empty), and is no failure to health checks.
   */
  public boolean succeeded() {
    return failure.isEmpty() && !skipped;
  }

  /**
   * Why the sweep made no progress, where it made none: it deleted nothing while expired rows are left. Such a sweep is
   * not run again at once, as one that stopped at its bound is; the pass waits a backoff, as after a failure (but it is
   * no failure), until a sweep deletes rows again. {@link #noProgressReason()} says which rows and statement. Empty for a
   * sweep that deleted rows, found none to delete, failed, was skipped or was a dry run.
   */
  public Optional<NoProgress> noProgress() {
    return noProgress;
  }

  /** What held the rows of a sweep that made {@link #noProgress() no progress}, in words; empty otherwise. */
  public Optional<String> noProgressReason() {
    return noProgressReason;
  }

  /** Why a sweep deleted nothing while expired rows are left. */
  public enum NoProgress {
    /**
     * Every expired row left is held by another transaction (the application works on it, say): the batches skip the
     * rows others hold, and these go once released.
     */
    HELD_ROWS("held rows"),
    /**
     * Expired rows are left that the pass's statement does not reach, none of them held: the statement finds nothing
     * (a table partitioned, or given a child table, after the runtime started; a restriction on the rows the statement
     * does not state). Worth a look: they stay until the statement reaches them.
     */
    ROWS_OUT_OF_REACH("rows out of reach"),
    /** What held the rows could not be told: the look for a row not held failed ({@link #noProgressReason()}). */
    UNEXPLAINED("unexplained");

    private final String description;

    NoProgress(String description) {
      this.description = description;
    }

    /** In words, as the view and the log write it: {@code held rows}, {@code rows out of reach}. */
    public String description() {
      return description;
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SweepReport that && deleted == that.deleted && batches == that.batches
        && workRemains == that.workRemains && dryRun == that.dryRun && pass.equals(that.pass)
        && startedAt.equals(that.startedAt) && cutoff.equals(that.cutoff) && duration.equals(that.duration)
        && lag.equals(that.lag) && failure.equals(that.failure) && scope.equals(that.scope)
        && tenant.equals(that.tenant) && skipped == that.skipped
        && partitions.equals(that.partitions) && partitionRows == that.partitionRows && setAside == that.setAside
        && setAsideReason.equals(that.setAsideReason) && heldFor.equals(that.heldFor) && heldBy.equals(that.heldBy)
        && replicaLagBytes.equals(that.replicaLagBytes) && replicaLag.equals(that.replicaLag)
        && noProgress.equals(that.noProgress) && noProgressReason.equals(that.noProgressReason);
  }

  @Override
  public int hashCode() {
    return Objects.hash(pass, startedAt, cutoff, deleted, batches, workRemains, dryRun, duration, lag, failure, scope,
        tenant, skipped, partitions, partitionRows, setAside, setAsideReason, heldFor, heldBy, replicaLagBytes, replicaLag,
        noProgress, noProgressReason);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(pass);
    tenant.ifPresent(name -> text.append(" [tenant ").append(name).append(']'));
    if (!scope.isAll()) {
      text.append(" (").append(scope).append(')');
    }
    text.append(": ");
    if (skipped) {
      return text.append("skipped, another instance is sweeping it").toString();
    }
    text.append(dryRun ? "would delete " : "deleted ").append(deleted).append(deleted == 1 ? " row" : " rows");
    if (!dryRun) {
      text.append(" in ").append(batches).append(batches == 1 ? " batch" : " batches");
    }
    if (!partitions.isEmpty()) {
      text.append(dryRun ? ", would drop " : ", dropped ").append(partitions.size())
          .append(partitions.size() == 1 ? " partition" : " partitions").append(" (about ").append(partitionRows)
          .append(partitionRows == 1 ? " row)" : " rows)");
    }
    if (keepsEveryRow()) {
      text.append(", keeps every row (window never)");
    } else if (cutoff.equals(Instant.MIN)) {
      text.append(", the pass's own window never (its scopes' own windows)");
    } else {
      text.append(", cutoff ").append(cutoff);
    }
    text.append(", took ").append(duration.toMillis()).append(" ms");
    if (setAside > 0) {
      text.append(", set aside ").append(setAside).append(setAside == 1 ? " row (" : " rows (")
          .append(setAsideReason.orElse("implausible values")).append(')');
    }
    if (!heldFor.isZero()) {
      text.append(", held ").append(heldFor.toMillis()).append(" ms (").append(heldBy.orElse("")).append(')');
    }
    noProgress.ifPresent(kind -> text.append(", no progress (").append(kind.description())
        .append(noProgressReason.map(reason -> ": " + reason).orElse("")).append(')'));
    if (workRemains) {
      text.append(", work remains");
    }
    lag.ifPresent(value -> text.append(", lag ").append(value));
    failure.ifPresent(error -> text.append(", failed: ").append(error));
    return text.toString();
  }

  /** Builds a {@link SweepReport}; every step is optional. */
  public static final class Builder {

    private final String pass;
    private final Instant startedAt;
    private final Instant cutoff;
    private long deleted;
    private int batches;
    private boolean workRemains;
    private boolean dryRun;
    private Duration duration = Duration.ZERO;
    private Duration lag;
    private Throwable failure;
    private Scope scope = Scope.all();
    private String tenant;
    private boolean skipped;
    private List<String> partitions = List.of();
    private long partitionRows;
    private long setAside;
    private String setAsideReason;
    private Duration heldFor = Duration.ZERO;
    private String heldBy;
    private Optional<Long> replicaLagBytes = Optional.empty();
    private Optional<Duration> replicaLag = Optional.empty();
    private NoProgress noProgress;
    private String noProgressReason;

    private Builder(String pass, Instant startedAt, Instant cutoff) {
      this.pass = Objects.requireNonNull(pass, "pass");
      this.startedAt = Objects.requireNonNull(startedAt, "startedAt");
      this.cutoff = Objects.requireNonNull(cutoff, "cutoff");
    }

    public Builder deleted(long deleted) {
      this.deleted = deleted;
      return this;
    }

    public Builder batches(int batches) {
      this.batches = batches;
      return this;
    }

    public Builder workRemains(boolean workRemains) {
      this.workRemains = workRemains;
      return this;
    }

    public Builder dryRun(boolean dryRun) {
      this.dryRun = dryRun;
      return this;
    }

    public Builder duration(Duration duration) {
      this.duration = Objects.requireNonNull(duration, "duration");
      return this;
    }

    /** The lag; empty (or null) when no expired row is left. */
    public Builder lag(Optional<Duration> lag) {
      this.lag = lag.orElse(null);
      return this;
    }

    /** The failure that ended the sweep; null for none. */
    public Builder failure(Throwable failure) {
      this.failure = failure;
      return this;
    }

    public Builder scope(Scope scope) {
      this.scope = Objects.requireNonNull(scope, "scope");
      return this;
    }

    /** The tenant whose rows the sweep covered; null: no tenant (the default). */
    public Builder tenant(String tenant) {
      this.tenant = tenant;
      return this;
    }

    /** Whether another instance was sweeping the pass, so this sweep did not run. */
    public Builder skipped(boolean skipped) {
      this.skipped = skipped;
      return this;
    }

    /** The partitions that went whole, by name, and the rows the database estimated they held. */
    public Builder partitions(List<String> partitions, long partitionRows) {
      this.partitions = List.copyOf(partitions);
      this.partitionRows = partitionRows;
      return this;
    }

    /**
     * The rows kept because their values are implausible for the declared epoch unit, and why.
     *
     * @throws IllegalArgumentException when {@code rows} is negative, or positive without a reason
     */
    public Builder setAside(long rows, String reason) {
      if (rows < 0 || rows > 0 && (reason == null || reason.isBlank())) {
        throw new IllegalArgumentException("set aside " + rows + " rows, reason " + reason);
      }
      this.setAside = rows;
      this.setAsideReason = rows == 0 ? null : reason;
      return this;
    }

    /**
     * How long the sweep was held by replicas or the throttle, and why.
     *
     * @throws IllegalArgumentException when {@code heldFor} is negative, or positive without a reason
     */
    public Builder held(Duration heldFor, String heldBy) {
      if (heldFor.isNegative() || !heldFor.isZero() && (heldBy == null || heldBy.isBlank())) {
        throw new IllegalArgumentException("held " + heldFor + ", by " + heldBy);
      }
      this.heldFor = heldFor;
      this.heldBy = heldBy;
      return this;
    }

    /** The replica furthest behind at the sweep's last reading: its WAL to replay in bytes, its delay in time. */
    public Builder replicaLag(Optional<Long> bytes, Optional<Duration> time) {
      this.replicaLagBytes = Objects.requireNonNull(bytes, "bytes");
      this.replicaLag = Objects.requireNonNull(time, "time");
      return this;
    }

    /**
     * That the sweep made no progress, {@code kind}, and what held its rows, in words; a null kind for a sweep that made
     * progress.
     *
     * @throws IllegalArgumentException when a kind comes without a reason
     */
    public Builder noProgress(NoProgress kind, String reason) {
      if (kind != null && (reason == null || reason.isBlank())) {
        throw new IllegalArgumentException("no progress (" + kind + ") without a reason");
      }
      this.noProgress = kind;
      this.noProgressReason = kind == null ? null : reason;
      return this;
    }

    public SweepReport build() {
      return new SweepReport(this);
    }
  }
}
