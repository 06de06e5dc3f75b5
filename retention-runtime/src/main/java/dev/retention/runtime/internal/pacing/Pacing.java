package dev.retention.runtime.internal.pacing;

import dev.retention.runtime.SweepThrottle;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What one pass's batches wait for before they start: its replicas within the pass's limits ({@link ReplicaGate}, when
 * it has any), the application's throttle ({@link ThrottleCheck}), and the pass's ceiling on rows a second
 * ({@link RateLimit}). A held batch looks again every little while, until it may go, the sweep's hold budget is spent,
 * its deadline passes, or the runtime closes; then the sweep ends with work remaining. The wait is measured by the
 * monotonic source, apart from the batches' own time, so the batch sizer never sees it.
 */
public final class Pacing {

  /** How often a batch held by the throttle alone asks again. */
  static final Duration THROTTLE_RECHECK = ThrottleCheck.RECHECK;

  private final Optional<ReplicaGate> gate;
  private final ThrottleCheck throttle;
  private final RateLimit rate;
  private final PacingTime time;
  private final HoldLog log;
  private final Optional<String> commits;

  /** @param commits what the pass's batches commit with, and why, for the start line; empty: nothing to say */
  public Pacing(String pass, Optional<ReplicaGate> gate, AtomicReference<SweepThrottle> throttle, RateLimit rate,
      PacingTime time, Optional<String> commits) {
    this.gate = gate;
    this.commits = commits;
    this.throttle = new ThrottleCheck(pass, throttle);
    this.rate = rate;
    this.time = time;
    this.log = new HoldLog(pass);
  }

  /** A pass with neither limits on replicas nor a ceiling on rows, under the throttle alone. */
  public static Pacing throttleOnly(String pass, AtomicReference<SweepThrottle> throttle, PacingTime time) {
    return new Pacing(pass, Optional.empty(), throttle, new RateLimit(0), time, Optional.empty());
  }

  public RateLimit rate() {
    return rate;
  }

  /**
   * What the pacing says of the pass, for the start line: {@code ", held while a replica is past 8.0 MB"}, the ceiling
   * on rows a second, what its commits wait for; empty when only the throttle can hold it and commits are the server's.
   */
  public String describe() {
    StringBuilder text = new StringBuilder();
    commits.ifPresent(setting -> text.append(", commits with ").append(setting));
    gate.ifPresent(replicas -> text.append(", held while a replica is past ").append(replicas.describe()));
    if (rate.rowsPerSecond() > 0) {
      text.append(", at most ").append(rate.rowsPerSecond()).append(" rows a second");
    }
    return text.toString();
  }

  /** What a batch waits for before it starts, and whether it may: see {@link #beforeBatch}. */
  public record Start(Paced paced, boolean mayStart) {}

  /**
   * Waits until a batch may start.
   *
   * @param holdLeft how much longer the sweep may be held (its {@code max-hold-per-sweep} less its holds so far)
   * @param deadlineNanos the sweep's deadline by the monotonic source, or {@link Long#MAX_VALUE} for none
   * @return how long it was held and why; may not start when the hold budget or the deadline ran out while held or
   *     pacing, or the runtime closed
   */
  public Start beforeBatch(Duration holdLeft, long deadlineNanos) {
    long start = time.nanoTime();
    Optional<String> heldBy = Optional.empty();
    Optional<ReplicaLag> replica = Optional.empty();
    while (true) {
      long now = time.nanoTime();
      Hold hold = gate.map(replicas -> replicas.check(now)).orElse(Hold.NONE);
      if (hold.replica().isPresent()) {
        replica = hold.replica();
      }
      if (!hold.holds()) {
        hold = throttle.check(now);
      }
      // Held from the first check that held: a check that let the batch go at once (a reading taken) is no hold.
      Duration held = heldBy.isPresent() ? Duration.ofNanos(now - start) : Duration.ZERO;
      if (!hold.holds()) {
        Paced paced = new Paced(held, heldBy, replica);
        return new Start(paced, waitForRate(deadlineNanos));
      }
      log.held(hold);
      heldBy = hold.reason();
      Duration waitLeft = holdLeft.minus(held);
      if (deadlineNanos != Long.MAX_VALUE) {
        Duration toDeadline = Duration.ofNanos(deadlineNanos - now);
        waitLeft = toDeadline.compareTo(waitLeft) < 0 ? toDeadline : waitLeft;
      }
      if (waitLeft.isNegative() || waitLeft.isZero()) {
        Paced paced = new Paced(held, heldBy, replica);
        log.gaveUp(paced);
        return new Start(paced, false);
      }
      Duration recheck = hold.cause().equals("throttle") ? THROTTLE_RECHECK : ReplicaGate.WHILE_HELD;
      if (!time.pause(recheck.compareTo(waitLeft) < 0 ? recheck : waitLeft)) {
        return new Start(new Paced(Duration.ofNanos(time.nanoTime() - start), heldBy, replica), false);
      }
    }
  }

  /** The rate limit's wait before the batch; false when it would pass the deadline, or the runtime closed. */
  private boolean waitForRate(long deadlineNanos) {
    long now = time.nanoTime();
    long wait = rate.waitNanos(now);
    if (wait == 0) {
      return true;
    }
    if (deadlineNanos != Long.MAX_VALUE && now + wait - deadlineNanos > 0) {
      return false;
    }
    return time.pause(Duration.ofNanos(wait));
  }

  /** A batch that started at {@code startNanos} deleted {@code rows}: the rate limit paces the next by them. */
  public void afterBatch(int rows, long startNanos) {
    rate.deleted(rows, startNanos);
  }

  /** The sweep ended, having been paced as {@code paced} says: the log says when holds stop. */
  public void sweepEnded(Paced paced) {
    log.sweepEnded(paced);
  }
}
