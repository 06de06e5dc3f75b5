package dev.retention.runtime.internal.schedule;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * When each pass sweeps next. Pure bookkeeping, no threads and no clock of its own: callers pass {@code now}.
 *
 * <ul>
 *   <li>The first sweep comes after the pass's {@link StartupStagger startup offset}.
 *   <li>After a sweep that drained its backlog, the next comes one {@link PassSettings#effectiveInterval() interval}
 *       later.
 *   <li>After a sweep that stopped with work left, the pass is due again at once, but behind every pass already
 *       waiting: passes due earlier go first, and among passes due at the same instant the one queued first goes
 *       first. One large backlog therefore takes turns with the others instead of starving them.
 *   <li>After a failure, the pass waits a backoff that doubles with each failure in a row, from
 *       {@link #FIRST_BACKOFF} up to its interval.
 * </ul>
 */
public final class SweepPlan {

  /** The wait after a first failure; it doubles with each failure in a row, up to the pass's interval. */
  public static final Duration FIRST_BACKOFF = Duration.ofSeconds(10);

  private record Entry(String pass, Instant due, long sequence) {}

  private final Map<String, PassSettings> settings;
  private final PriorityQueue<Entry> queue =
      new PriorityQueue<>(Comparator.comparing(Entry::due).thenComparingLong(Entry::sequence));
  private final Map<String, Integer> failuresInARow = new HashMap<>();
  private long nextSequence;

  /** Plans the first sweep of every given pass, counting the startup offsets from {@code start}. */
  public SweepPlan(Iterable<PassSettings> passes, Instant start) {
    this.settings = new HashMap<>();
    for (PassSettings pass : passes) {
      settings.put(pass.pass(), pass);
      enqueue(pass.pass(), start.plus(StartupStagger.offset(pass.pass(), pass.maxStartupStagger())));
    }
  }

  /** When the earliest queued sweep is due; empty when nothing is queued. */
  public Optional<Instant> nextDue() {
    return Optional.ofNullable(queue.peek()).map(Entry::due);
  }

  /** Takes the pass whose turn it is at {@code now}, if one is due; it leaves the queue until {@link #completed}. */
  public Optional<String> takeDue(Instant now) {
    Entry head = queue.peek();
    if (head == null || head.due().isAfter(now)) {
      return Optional.empty();
    }
    queue.poll();
    return Optional.of(head.pass());
  }

  /** Queues the next sweep of the report's pass and returns when it is due. */
  public Instant completed(SweepReport report, Instant now) {
    String pass = report.pass();
    PassSettings passSettings = settings.get(pass);
    Instant due;
    if (report.failure().isPresent()) {
      int failures = failuresInARow.merge(pass, 1, Integer::sum);
      due = now.plus(backoff(failures, passSettings.effectiveInterval()));
    } else {
      failuresInARow.remove(pass);
      due = report.workRemains() ? now : now.plus(passSettings.effectiveInterval());
    }
    enqueue(pass, due);
    return due;
  }

  /** The wait after {@code failures} failures in a row: {@link #FIRST_BACKOFF} doubled each time, up to the interval. */
  static Duration backoff(int failures, Duration interval) {
    Duration backoff = FIRST_BACKOFF.multipliedBy(1L << Math.min(failures - 1, 30));
    return backoff.compareTo(interval) < 0 ? backoff : interval;
  }

  private void enqueue(String pass, Instant due) {
    queue.add(new Entry(pass, due, nextSequence++));
  }
}
