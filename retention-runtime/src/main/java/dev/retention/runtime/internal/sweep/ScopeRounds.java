package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.Scope;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.pass.ScopeGroup;
import dev.retention.runtime.internal.shape.Reads;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The background sweeps of a scoped pass: the scopes with rows expired under their own windows, those that share a
 * window swept together as one {@link ScopeGroup}, each group (or scope) for at most {@code max-batches-per-scope}
 * batches. Which scopes are due, and about how many rows each has expired, is read at the start of each sweep in one
 * statement whatever the number of scopes ({@link #dueScopes}); a scope with nothing expired costs no batch, and an
 * idle sweep reports no work.
 *
 * <p>A group takes scopes whose expired rows together fit in less than one scope's share of batches, so that it
 * drains within that share and its last batch comes back short; a scope with more rows than that (a large tenant) is
 * swept alone with its own share, as before groups, so that it cannot hold back the scopes it would share a group
 * with. When a sweep reaches {@code max-batches-per-sweep}, the next one goes on with the scopes this round has not
 * reached, so every scope gets its turn however large the first ones are. The {@link SweepLoop} sweeps the groups;
 * this class only says which, and keeps the round's place. Called by one sweep at a time.
 */
final class ScopeRounds {

  /** The most scope values one group lists: its statements bind them all, beside a batch's keys. */
  static final int VALUES_PER_GROUP = 500;

  /** Scope values in their natural order (the scope attribute's types are comparable), the rows without one last. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final Comparator<Object> ORDER = Comparator.nullsLast((a, b) -> ((Comparable) a).compareTo(b));

  /** The order scopes are swept in: the shortest windows first, then by value. */
  private static final Comparator<DueScope> SWEEP_ORDER = Comparator.comparing(DueScope::window)
      .thenComparing(DueScope::value, ORDER);

  private final PassSweep pass;
  /**
   * The scope values the round under way (from its first sweep to the one that reaches its last group) went past;
   * empty when a round starts. A value may be null (the rows without one).
   */
  private final Set<Object> sweptThisRound = new HashSet<>();
  /**
   * Whether a group of the round under way was left with rows when its share ran out. The sweep that ends the round
   * reports work left for them: it may have begun past them.
   */
  private boolean roundLeftWork;

  ScopeRounds(PassSweep pass) {
    this.pass = pass;
  }

  /**
   * Scopes due in one sweep, swept together against one window: a group of values that share it, or one scope.
   *
   * @param window their window; meaningless when {@code windowFailure} is present
   * @param windowFailure why the window of the one scope could not be read: its rows stay, and the sweep says why
   */
  record DueScopes(ScopeGroup scopes, Duration window, Optional<RuntimeException> windowFailure) {

    static DueScopes at(ScopeGroup scopes, Duration window) {
      return new DueScopes(scopes, window, Optional.empty());
    }

    /** Each of the group's values as a scope of its own, at the same window. */
    List<DueScopes> oneByOne() {
      return scopes.values().stream().map(value -> at(ScopeGroup.of(Scope.of(value)), window)).toList();
    }
  }

  /**
   * The groups this sweep goes through, in {@link #SWEEP_ORDER}: those with expired rows that the round has not
   * reached yet. A sweep that starts a round forgets what the last round left.
   *
   * @param shareOfRows the rows one scope's share of batches deletes ({@code max-batches-per-scope} batches of the
   *     size the next batch has): a group's rows stay below it
   * @throws RuntimeException when the read that finds them fails: the next sweep starts where this one would have
   */
  List<DueScopes> groupsToSweep(Instant now, long shareOfRows) {
    if (sweptThisRound.isEmpty()) {
      roundLeftWork = false;
    }
    List<DueScopes> due = new ArrayList<>();
    List<Object> sharing = new ArrayList<>();
    Duration sharedWindow = null;
    long sharedRows = 0;
    for (DueScope one : dueScopes(now)) {
      if (sweptThisRound.contains(one.value())) {
        continue;
      }
      boolean alone = one.windowFailure().isPresent() || one.value() == null || one.rows() >= shareOfRows;
      boolean fits = !alone && one.window().equals(sharedWindow) && sharedRows + one.rows() < shareOfRows
          && sharing.size() < VALUES_PER_GROUP;
      if (sharedWindow != null && !fits) {
        due.add(DueScopes.at(ScopeGroup.of(sharing), sharedWindow));
        sharing = new ArrayList<>();
        sharedWindow = null;
        sharedRows = 0;
      }
      if (alone) {
        due.add(new DueScopes(ScopeGroup.of(Scope.of(one.value())), one.window(), one.windowFailure()));
      } else {
        sharing.add(one.value());
        sharedWindow = one.window();
        sharedRows += one.rows();
      }
    }
    if (sharedWindow != null) {
      due.add(DueScopes.at(ScopeGroup.of(sharing), sharedWindow));
    }
    return due;
  }

  /**
   * The sweep is done with {@code scopes}, for this round: a later sweep of the round does not take them again.
   *
   * @param rowsLeft whether their share ran out with rows left: the sweep that ends the round says work remains
   */
  void wentPast(ScopeGroup scopes, boolean rowsLeft) {
    if (scopes.withoutValue()) {
      sweptThisRound.add(null);
    }
    sweptThisRound.addAll(scopes.values());
    roundLeftWork |= rowsLeft;
  }

  /**
   * The sweep went through the last group: the next one starts a round.
   *
   * @return whether a group of the round was left with rows when its share ran out: the sweep reports work left for
   *     it, having perhaps begun past it, where the sweep before it stopped
   */
  boolean roundEnded() {
    sweptThisRound.clear();
    return roundLeftWork;
  }

  /**
   * One scope with expired rows, as the sweep's first read found it.
   *
   * @param value the scope's value; null for the rows without one
   * @param window its window; meaningless when {@code windowFailure} is present
   * @param rows its rows expired at the shortest window any scope may have: at least those expired under its own
   */
  private record DueScope(Object value, Duration window, Optional<RuntimeException> windowFailure, long rows) {}

  /**
   * Each scope (null for the rows without one) with rows expired under its own window, in {@link #SWEEP_ORDER}. One
   * grouped read finds every scope with rows expired at the shortest window any scope may have (the pass's and
   * configuration's, or none at all where windows come from code), each one's oldest such row and their number; a scope
   * is due when that row is expired under the scope's own window. A scope whose window could not be read is due too:
   * its sweep reports the failure, and keeps its rows. Where the database takes several spellings for one value, the
   * read names one of them, and the batches of that scope go by the longest window among them ({@link BatchRun}).
   */
  private List<DueScope> dueScopes(Instant now) {
    Optional<Duration> shortest = shortestWindow();
    if (shortest.isEmpty()) {
      return List.of(); // every scope's rows are kept for ever
    }
    ExpiredRows atShortest = expiredAt(now, shortest.get(), ScopeGroup.all());
    List<Reads.ExpiredInScope> expired = read(em -> Reads.expiredByScope(em, atShortest));
    List<DueScope> due = new ArrayList<>();
    // The predicate at each window met, to judge each scope's oldest row: thousands of scopes share a few windows.
    Map<Duration, ExpiredRows> byWindow = new HashMap<>();
    for (Reads.ExpiredInScope scope : expired) {
      Object value = scope.value();
      long rows = scope.rows();
      Duration window;
      try {
        window = pass.scopes().windowOf(Scope.of(value));
      } catch (RuntimeException failed) {
        due.add(new DueScope(value, Duration.ZERO, Optional.of(failed), rows));
        continue;
      }
      if (!ScopeWindows.NEVER.equals(window) && expiredUnder(
          byWindow.computeIfAbsent(window, w -> expiredAt(now, w, ScopeGroup.all())), scope.oldest())) {
        due.add(new DueScope(value, window, Optional.empty(), rows));
      }
    }
    due.sort(SWEEP_ORDER);
    return due;
  }

  /**
   * Whether a scope's oldest row, {@code oldest}, is expired under {@code rows}' cutoff, compared as the database
   * compares; also when the runtime cannot compare it (a converted or custom type): its batches then judge its rows.
   */
  private static boolean expiredUnder(ExpiredRows rows, Object oldest) {
    try {
      return rows.dateExpired(oldest);
    } catch (IllegalArgumentException | ClassCastException cannotCompare) {
      return true;
    }
  }

  /**
   * The shortest window a scope of the pass may have: the pass's or one from configuration, or the shortest the
   * application's windows in code declare (zero unless declared, since code may answer any); empty when every window is
   * never.
   */
  private Optional<Duration> shortestWindow() {
    Duration shortest = pass.scopes().shortestWindow();
    return ScopeWindows.NEVER.equals(shortest) ? Optional.empty() : Optional.of(shortest);
  }

  private ExpiredRows expiredAt(Instant now, Duration window, ScopeGroup scopes) {
    return pass.model().expiredAt(Cutoff.of(BatchRun.cutoffOf(now, window), pass.environment().zone()), scopes,
        pass.settings().epochCheck());
  }

  private <T> T read(Function<jakarta.persistence.EntityManager, T> work) {
    return pass.environment().transactions().read(pass.environment().emf(), pass.settings().batchTimeout(), work);
  }
}
