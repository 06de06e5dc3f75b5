package dev.retention.runtime.internal.pacing;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.StatementShape;
import dev.retention.runtime.SweepThrottle;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What every pass's pacing shares in one runtime: the view of the replicas (where the database and the application
 * give some to read), the application's throttle (which it may replace at run time), the time holds are measured
 * and waited by, and what the database's batch session does to commits.
 *
 * @param sessionCommits what a batch's commit waits for under the database's batch session, and why (PostgreSQL:
 *     {@code synchronous_commit} off, or the server's where it names synchronous standbys); empty where it changes
 *     nothing
 */
public record PacingSources(Optional<ReplicaWatch> replicas, AtomicReference<SweepThrottle> throttle,
    PacingTime time, Optional<String> sessionCommits) {

  /** The statements that run no batch session: their commits are always the server's. */
  private static final Set<StatementShape> WITHOUT_SESSION = EnumSet.of(StatementShape.PORTABLE_JPQL,
      StatementShape.BEFORE_DELETE_HOOK, StatementShape.SOFT_DELETE_PURGE);

  /** One megabyte, as {@code max-replica-lag-mb} counts it. */
  public static final long MEGABYTE = 1024L * 1024L;

  /** Nothing to read, a throttle that never holds. */
  public static PacingSources none(PacingTime time) {
    return new PacingSources(Optional.empty(), new AtomicReference<>(SweepThrottle.NEVER_HOLDS), time,
        Optional.empty());
  }

  /** The pacing of one pass by its settings: a gate where it sets a limit and there are replicas to read. */
  public Pacing forPass(PassSettings settings) {
    OptionalLong bytes = settings.maxReplicaLagMb() == 0 ? OptionalLong.empty()
        : OptionalLong.of(settings.maxReplicaLagMb() * MEGABYTE);
    Optional<Duration> time = settings.maxReplicaLag().isZero() ? Optional.empty()
        : Optional.of(settings.maxReplicaLag());
    Optional<ReplicaGate> gate = bytes.isEmpty() && time.isEmpty() ? Optional.empty()
        : replicas.map(watch -> new ReplicaGate(watch, watch.reader().readsBytes() ? bytes : OptionalLong.empty(),
            time)).filter(ReplicaGate::checksSomething);
    return new Pacing(settings.pass(), gate, throttle, new RateLimit(settings.maxRowsPerSecond()), this.time,
        commitsOf(settings));
  }

  /** What the pass's batches commit with, and why, for the start line; empty where the database changes nothing. */
  private Optional<String> commitsOf(PassSettings settings) {
    if (sessionCommits.isEmpty()) {
      return Optional.empty();
    }
    if (settings.synchronousCommit() == RetentionOption.SynchronousCommit.SERVER) {
      return Optional.of("the server's synchronous_commit (synchronous-commit=server)");
    }
    return WITHOUT_SESSION.contains(settings.statementShape())
        ? Optional.of("the server's synchronous_commit (its statements set none)") : sessionCommits;
  }
}
