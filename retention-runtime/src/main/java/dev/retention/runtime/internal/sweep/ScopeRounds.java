package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.Scope;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.internal.mapping.TextComparison;
import dev.retention.runtime.internal.pass.ExpiredRows;
import dev.retention.runtime.internal.scope.ScopeFolding;
import dev.retention.runtime.internal.shape.Reads;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The background sweeps of a scoped pass: the scopes with expired rows, in the order of their values and then the rows
 * without a scope, each swept against its own window for at most {@code max-batches-per-scope} batches. Which scopes
 * have expired rows is read at the start of each sweep in a few statements whatever the number of scopes ({@link
 * #dueScopes}): the values stored, then one statement per distinct window, which the database answers from the rows
 * expired under that window; a scope with nothing expired costs no batch, and an idle sweep reports no work. When a
 * sweep reaches {@code max-batches-per-sweep}, the next one starts at the scope it stopped in, so every scope gets its
 * turn however large the first ones are. The {@link SweepLoop} sweeps the scopes; this class only says which, and keeps
 * the round's place. Called by one sweep at a time.
 */
final class ScopeRounds {

  /** Scope values in their natural order (the scope attribute's types are comparable), the rows without one last. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final Comparator<Object> ORDER = Comparator.nullsLast((a, b) -> ((Comparable) a).compareTo(b));

  private final PassSweep pass;
  /** The scope value after which the next sweep starts; {@link #FIRST}: the first scope. */
  private Object resumeAfter = FIRST;
  /** No scope swept yet in this round. */
  private static final Object FIRST = new Object();
  /**
   * Whether a scope of the round under way (the scopes from the first to the last, over as many sweeps as it takes)
   * was left with rows when its share ran out. The sweep that ends the round reports work left for them: it may have
   * begun past them, where the sweep before it stopped.
   */
  private boolean roundLeftWork;

  ScopeRounds(PassSweep pass) {
    this.pass = pass;
  }

  /**
   * The scopes this sweep goes through, in {@link #ORDER}: those with expired rows, after the one the last sweep of the
   * round went past. A sweep that starts a round forgets what the last round left.
   *
   * @throws RuntimeException when the reads that find them fail: the next sweep starts where this one would have
   */
  List<Scope> scopesToSweep(Instant now) {
    if (resumeAfter == FIRST) {
      roundLeftWork = false;
    }
    List<Scope> scopes = new ArrayList<>();
    for (Object value : dueScopes(now)) {
      if (resumeAfter == FIRST || resumeAfter != null && ORDER.compare(value, resumeAfter) > 0) {
        scopes.add(Scope.of(value));
      }
    }
    return scopes;
  }

  /**
   * The sweep is done with {@code scope}, for this round: the next sweep, if this one stops, starts after it.
   *
   * @param rowsLeft whether its share ran out with rows left: the sweep that ends the round says work remains
   */
  void wentPast(Scope scope, boolean rowsLeft) {
    resumeAfter = scope.value().orElse(null);
    roundLeftWork |= rowsLeft;
  }

  /**
   * The sweep went through the last scope: the next one starts a round.
   *
   * @return whether a scope of the round was left with rows when its share ran out: the sweep reports work left for
   *     it, having perhaps begun past it, where the sweep before it stopped
   */
  boolean roundEnded() {
    resumeAfter = FIRST;
    return roundLeftWork;
  }

  /**
   * The scope values (null for the rows without one) that have rows expired under their own window, in {@link #ORDER}:
   * those stored, whose windows are looked up; then, for each distinct window, the scopes with rows the predicate at
   * that window's cutoff holds for. A scope is due when it has such rows at its own window, or at a window at least as
   * long; and, where the database takes several spellings for one value and names another than its own, whenever it
   * has rows at any window: its batches then judge it, against the longest window of its spellings.
   */
  private List<Object> dueScopes(Instant now) {
    List<Object> stored = read(em -> Reads.storedScopes(em, pass.model()));
    Map<Object, Duration> windows = new HashMap<>();
    Set<Object> keptForEver = new HashSet<>();
    Set<Object> due = new TreeSet<>(ORDER);
    for (Object value : stored) {
      try {
        Duration window = pass.scopes().windowOf(Scope.of(value));
        if (ScopeWindows.NEVER.equals(window)) {
          keptForEver.add(value);
        } else {
          windows.put(value, window);
        }
      } catch (RuntimeException failed) {
        due.add(value); // its sweep reports the failure, and keeps its rows
      }
    }
    for (Duration window : new TreeSet<>(windows.values())) {
      ExpiredRows rows = pass.model().expiredAt(Cutoff.of(BatchRun.cutoffOf(now, window), pass.environment().zone()),
          Scope.all(), pass.settings().epochCheck());
      for (Object value : read(em -> Reads.scopesWithExpiredRows(em, rows))) {
        Duration own = windows.get(value);
        if (own != null ? own.compareTo(window) <= 0 : !keptForEver.contains(value)) {
          // At its own window or a longer one; or a spelling not read as stored, which its batches judge.
          due.add(value);
        }
      }
    }
    return pass.environment().textComparison() == TextComparison.BY_COLLATION ? oneSpellingEach(due)
        : new ArrayList<>(due);
  }

  /**
   * The due values as the database tells them apart: where its collation takes several spellings as one value, the
   * statements above may name two of them, and one scope must not be swept twice (its dry run would count its rows
   * twice). The database keeps one spelling of each ({@code DISTINCT} over the due values); any one will do, since a
   * scope's batches go by the longest window among the spellings it stores.
   */
  private List<Object> oneSpellingEach(Set<Object> due) {
    List<Object> text = due.stream().filter(String.class::isInstance).toList();
    if (text.size() < 2) {
      return new ArrayList<>(due);
    }
    Set<Object> distinct = new TreeSet<>(ORDER);
    due.stream().filter(value -> !(value instanceof String)).forEach(distinct::add);
    // Values a collation may merge (equal once case and trailing spaces are set aside) stay in one statement.
    List<Object> ordered = text.stream().sorted(Comparator.comparing(value -> ScopeFolding.fold(value).toString()))
        .toList();
    for (int from = 0; from < ordered.size(); ) {
      int to = Math.min(ordered.size(), from + DISTINCT_CHUNK);
      while (to < ordered.size() && ScopeFolding.fold(ordered.get(to)).equals(ScopeFolding.fold(ordered.get(to - 1)))) {
        to++;
      }
      List<Object> chunk = ordered.subList(from, to);
      distinct.addAll(read(em -> Reads.distinctScopes(em, pass.model(), chunk)));
      from = to;
    }
    return new ArrayList<>(distinct);
  }

  /** Values of one statement that keeps one spelling of each: well within every driver's bind limit. */
  private static final int DISTINCT_CHUNK = 1_000;

  private <T> T read(java.util.function.Function<jakarta.persistence.EntityManager, T> work) {
    return pass.environment().transactions().read(pass.environment().emf(), pass.settings().batchTimeout(), work);
  }
}
