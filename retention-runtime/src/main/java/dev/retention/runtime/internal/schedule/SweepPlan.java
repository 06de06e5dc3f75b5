package dev.retention.runtime.internal.schedule;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * When each pass sweeps next. Pure bookkeeping, no threads and no clock of its own: callers pass {@code now}, in
 * nanoseconds of a monotonic source ({@link SweepTimer}), never an instant of the runtime's {@code Clock}, so that a
 * clock that stands still or goes back never holds a sweep.
 *
 * <ul>
 *   <li>The first sweep comes after the pass's {@link StartupStagger startup offset}.
 *   <li>After a sweep that drained its backlog, the next comes one {@link PassSettings#effectiveInterval() interval}
 *       later; after one skipped because another instance held its lock, {@link #SKIPPED_RETRY} later.
 *   <li>After a sweep that stopped with work left, the pass is due again at once, but behind every pass already
 *       waiting: passes due earlier go first, and among passes due at the same time the one queued first goes first.
 *       One large backlog therefore takes turns with the others instead of starving them.
 *   <li>After a failure, the pass waits a backoff that doubles with each failure in a row, from
 *       {@link #FIRST_BACKOFF} up to its interval or {@link #LONGEST_BACKOFF}, whichever is longer: a pass swept every
 *       second that keeps failing (a dropped table, a revoked grant) then tries every five minutes, not every second,
 *       while an hourly pass still tries at least hourly.
 *   <li>After a sweep that made no progress ({@link SweepReport#noProgress()}: it deleted nothing while expired rows
 *       are left, held by the application or out of its statement's reach), the pass waits the same backoff, counted
 *       by such sweeps in a row, apart from its failures: it is not due again at once, as after a sweep stopped at its
 *       bound, for a sweep at once would find the same rows held. The first sweep that makes progress, or finds nothing
 *       to do, ends the count.
 * </ul>
 *
 * <p>Monotonic readings have an arbitrary origin, may be negative and may wrap: the plan keeps every due time as
 * nanoseconds since the reading it was made with, and compares readings by difference only.
 */
public final class SweepPlan {

  /** The wait after a first failure; it doubles with each failure in a row, up to the pass's interval. */
  public static final Duration FIRST_BACKOFF = Duration.ofSeconds(10);

  /**
   * The wait after a sweep skipped because another instance held its lock (of the pass, or of one of its tenants): that
   * instance may have been sweeping another part of it, or may stop, so the pass is tried again soon, never a whole
   * interval later; its interval when that is shorter.
   */
  public static final Duration SKIPPED_RETRY = Duration.ofMinutes(1);

  /** The backoff's bound for a pass whose interval is shorter: the wait never grows beyond it. */
  public static final Duration LONGEST_BACKOFF = Duration.ofMinutes(5);

  /** A queued sweep, due {@code due} nanoseconds after the plan's start. */
  private record Entry(String pass, long due, long sequence) {}

  private final long start;
  private final Map<String, PassSettings> settings;
  private final PriorityQueue<Entry> queue =
      new PriorityQueue<>(Comparator.comparingLong(Entry::due).thenComparingLong(Entry::sequence));
  private final Map<String, Integer> failuresInARow = new HashMap<>();
  private final Map<String, Integer> noProgressInARow = new HashMap<>();
  private long nextSequence;

  /** Plans the first sweep of every given pass, counting the startup offsets from {@code startNanos}. */
  public SweepPlan(Iterable<PassSettings> passes, long startNanos) {
    this.start = startNanos;
    this.settings = new HashMap<>();
    for (PassSettings pass : passes) {
      settings.put(pass.pass(), pass);
      enqueue(pass.pass(), StartupStagger.offset(pass.pass(), pass.maxStartupStagger()).toNanos());
    }
  }

  /** The reading at which the earliest queued sweep is due; empty when nothing is queued. */
  public Optional<Long> nextDue() {
    return Optional.ofNullable(queue.peek()).map(entry -> start + entry.due());
  }

  /**
   * Takes the pass whose turn it is at {@code nowNanos}, if one is due; it leaves the queue until {@link #completed}.
   */
  public Optional<String> takeDue(long nowNanos) {
    Entry head = queue.peek();
    if (head == null || head.due() > sinceStart(nowNanos)) {
      return Optional.empty();
    }
    queue.poll();
    return Optional.of(head.pass());
  }

  /** Queues the next sweep of the report's pass and returns the reading at which it is due. */
  public long completed(SweepReport report, long nowNanos) {
    String pass = report.pass();
    PassSettings passSettings = settings.get(pass);
    Duration wait;
    if (report.failure().isPresent()) {
      int failures = failuresInARow.merge(pass, 1, Integer::sum);
      wait = backoff(failures, passSettings.effectiveInterval());
    } else if (report.noProgress().isPresent()) {
      failuresInARow.remove(pass);
      int stalls = noProgressInARow.merge(pass, 1, Integer::sum);
      wait = backoff(stalls, passSettings.effectiveInterval());
    } else {
      failuresInARow.remove(pass);
      if (!report.skipped()) {
        noProgressInARow.remove(pass); // a skipped sweep saw nothing: the count waits for one that ran
      }
      Duration interval = passSettings.effectiveInterval();
      wait = report.workRemains() ? Duration.ZERO
          : report.skipped() && SKIPPED_RETRY.compareTo(interval) < 0 ? SKIPPED_RETRY : interval;
    }
    long due = sinceStart(nowNanos) + wait.toNanos();
    enqueue(pass, due);
    return start + due;
  }

  /**
   * The wait after {@code failures} failures (or sweeps without progress) in a row: {@link #FIRST_BACKOFF} doubled each time, up to the interval or
   * {@link #LONGEST_BACKOFF}, the longer.
   */
  static Duration backoff(int failures, Duration interval) {
    Duration backoff = FIRST_BACKOFF.multipliedBy(1L << Math.min(failures - 1, 30));
    Duration bound = interval.compareTo(LONGEST_BACKOFF) > 0 ? interval : LONGEST_BACKOFF;
    return backoff.compareTo(bound) < 0 ? backoff : bound;
  }

  /** Nanoseconds from the plan's start to {@code nowNanos}: a difference, right across a wrap of the source. */
  private long sinceStart(long nowNanos) {
    return nowNanos - start;
  }

  private void enqueue(String pass, long due) {
    queue.add(new Entry(pass, due, nextSequence++));
  }
}
