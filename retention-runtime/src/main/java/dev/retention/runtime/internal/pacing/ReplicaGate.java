package dev.retention.runtime.internal.pacing;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One pass's limits on its replicas' lag, judged before each batch: a replica past either limit (or whose lag it checks
 * cannot be read) holds the batch. Cheap while far below the limit: after a reading that lets batches go, the next is
 * asked only once half the headroom left could be used up (in bytes at the rate the primary last wrote WAL, in time at
 * a second a second), and never later than {@link #LONGEST_RECHECK}; nearer the limit it is asked sooner, up to before
 * every batch. Thread-safe: an on-demand sweep of one scope may run beside the pass's background sweep.
 */
public final class ReplicaGate {

  /** The longest a reading that let batches go is trusted. */
  static final Duration LONGEST_RECHECK = Duration.ofSeconds(1);

  /** How often a held batch looks again: often enough to resume within a batch's time of the replica catching up. */
  static final Duration WHILE_HELD = Duration.ofMillis(50);

  /** Before the WAL rate is known: how soon the next reading is asked. */
  static final Duration RATE_UNKNOWN = Duration.ofMillis(100);

  /** Readings this much younger are shared between the passes that ask for one. */
  static final Duration SHARED_READING = Duration.ofMillis(20);

  private final ReplicaWatch watch;
  private final OptionalLong limitBytes;
  private final Optional<Duration> limitTime;
  /** When the next reading is due, by the monotonic source; at once before the first. */
  private long nextCheckNanos;
  private boolean checkedOnce;
  /** How long the last reading was trusted for. */
  private long trustedNanos = SHARED_READING.toNanos();
  private Hold last = Hold.NONE;

  /**
   * @param limitBytes the most WAL a replica may have to replay, when checked
   * @param limitTime the most a replica may be behind in time, when checked
   */
  public ReplicaGate(ReplicaWatch watch, OptionalLong limitBytes, Optional<Duration> limitTime) {
    this.watch = watch;
    this.limitBytes = limitBytes;
    this.limitTime = limitTime;
  }

  /** Whether it checks bytes, time or both; one that checks neither lets every batch go. */
  boolean checksSomething() {
    return limitBytes.isPresent() || limitTime.isPresent();
  }

  /** The limits and what is read, for the start line. */
  public String describe() {
    return describeLimits() + " (read from " + watch.reader().describe() + ")";
  }

  /** The limits: {@code "8.0 MB, 2.0 s"}. */
  public String describeLimits() {
    StringBuilder text = new StringBuilder();
    limitBytes.ifPresent(bytes -> text.append(ReplicaLag.megabytes(bytes)));
    limitTime.ifPresent(time -> text.append(text.length() > 0 ? ", " : "").append(ReplicaLag.seconds(time)));
    return text.toString();
  }

  /** Whether a batch may start at {@code nowNanos}, reading the replicas when the last reading is no longer trusted. */
  public synchronized Hold check(long nowNanos) {
    if (checkedOnce && !last.holds() && nowNanos - nextCheckNanos < 0) {
      return last;
    }
    checkedOnce = true;
    ReplicaReading reading;
    try {
      // Another pass's reading will do when it is young enough for this gate too.
      reading = watch.reading(nowNanos, Math.min(SHARED_READING.toNanos(), trustedNanos)).reading();
    } catch (RuntimeException e) {
      last = Hold.by("replicas unread", "the replicas' lag could not be read (" + e + ")", Optional.empty());
      return last;
    }
    last = judge(reading.replicas());
    trustedNanos = last.holds() ? WHILE_HELD.toNanos() : trustedFor(last).toNanos();
    nextCheckNanos = nowNanos + trustedNanos;
    return last;
  }

  /** The replica furthest past (or nearest) its limit, and whether it holds the batch. */
  private Hold judge(List<ReplicaLag> replicas) {
    ReplicaLag worst = null;
    double worstShare = -1;
    for (ReplicaLag replica : replicas) {
      // A replica is judged by what it reports of the checked measures; one that reports none of them holds.
      boolean unknown = (limitBytes.isEmpty() || replica.bytes().isEmpty())
          && (limitTime.isEmpty() || replica.time().isEmpty());
      if (unknown) {
        return Hold.by(replica.replica(), "replica " + replica.describe() + ": its lag cannot be judged",
            Optional.of(replica));
      }
      double share = share(replica);
      if (share > worstShare) {
        worst = replica;
        worstShare = share;
      }
    }
    if (worst == null) {
      return Hold.go(Optional.empty());
    }
    if (worstShare > 1) {
      return Hold.by(worst.replica(), "replica " + worst.describe() + ", past the limit of " + describeLimits(),
          Optional.of(worst));
    }
    return Hold.go(Optional.of(worst));
  }

  /** How much of its limits a replica uses, the larger share of the two: above 1 is past a limit. */
  private double share(ReplicaLag replica) {
    double share = 0;
    if (limitBytes.isPresent() && replica.bytes().isPresent()) {
      share = replica.bytes().getAsLong() / (double) limitBytes.getAsLong();
    }
    if (limitTime.isPresent() && replica.time().isPresent()) {
      share = Math.max(share, replica.time().get().toNanos() / (double) limitTime.get().toNanos());
    }
    return share;
  }

  /** How long a reading that let batches go is trusted: until half the headroom left may be used up. */
  private Duration trustedFor(Hold go) {
    if (go.replica().isEmpty()) {
      return LONGEST_RECHECK; // no replica to watch: look again now and then, for one that connects
    }
    ReplicaLag replica = go.replica().get();
    long nanos = LONGEST_RECHECK.toNanos();
    if (limitBytes.isPresent() && replica.bytes().isPresent()) {
      OptionalDouble rate = watch.bytesPerNano();
      long headroom = limitBytes.getAsLong() - replica.bytes().getAsLong();
      nanos = Math.min(nanos, rate.isEmpty() ? RATE_UNKNOWN.toNanos()
          : rate.getAsDouble() <= 0 ? nanos : (long) (headroom / 2.0 / rate.getAsDouble()));
    }
    if (limitTime.isPresent() && replica.time().isPresent()) {
      nanos = Math.min(nanos, limitTime.get().minus(replica.time().get()).toNanos() / 2);
    }
    return Duration.ofNanos(Math.max(0, nanos));
  }
}
