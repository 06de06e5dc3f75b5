package dev.retention.runtime.internal.scope;

import dev.retention.runtime.Scope;
import dev.retention.runtime.ScopeWindows;
import dev.retention.runtime.internal.config.Durations;
import dev.retention.runtime.internal.config.OptionLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The window of each scope of one pass, looked up at every sweep: configuration's window for the scope first (the
 * operator has the last word), then the application's {@link ScopeWindows}, then the pass's own window; and at least
 * the longest window configuration gives any value a collation may take for the same ({@link ScopeFolding}), so that
 * the rows a database matches for a value take the longest window among the values it considers equal.
 */
public final class ScopeWindowing {

  private final ScopeValues values;
  private final Duration passWindow;
  private final Map<Object, Duration> configured;
  private final ScopeWindows code;
  /** The longest window configuration gives the values of each fold. */
  private final Map<Object, Duration> longestByFold = new HashMap<>();
  /**
   * The longest window configuration gives any value; empty when it gives none. A scope whose own window is at least
   * this long takes its own whatever its fold, so its value is not folded: folding is the costly part of a lookup, and a
   * sweep looks up thousands of scopes.
   */
  private final Optional<Duration> longestConfigured;
  /**
   * The folds of the text values looked up so far, up to {@link #FOLDS_KEPT} of them: where configuration gives a value
   * a window longer than others have, every sweep folds the same thousands of scopes, and a fold depends on the value
   * alone. Read by sweeps and by the application's policies, on threads of their own.
   */
  private final Map<String, Object> folds = new ConcurrentHashMap<>();

  /**
   * The most folds {@link #folds} keeps, about 160 bytes each for a value such as {@code tenant-000042} (16 MB at most);
   * a value beyond them is folded at each look-up.
   */
  static final int FOLDS_KEPT = 100_000;

  /**
   * @param configured configuration's windows by scope value, already converted to the attribute's type
   * @param code the application's windows; null when it gave none
   */
  public ScopeWindowing(ScopeValues values, Duration passWindow, Map<Object, Duration> configured, ScopeWindows code) {
    this.values = values;
    this.passWindow = passWindow;
    this.configured = Map.copyOf(configured);
    this.code = code;
    configured.forEach((value, window) -> longestByFold.merge(ScopeFolding.fold(value), window,
        (a, b) -> a.compareTo(b) >= 0 ? a : b));
    this.longestConfigured = configured.values().stream().max(Comparator.naturalOrder());
  }

  public ScopeValues values() {
    return values;
  }

  /** How many scopes configuration gives a window of their own. */
  public int configuredScopes() {
    return configured.size();
  }

  /** The scope values configuration gives a window of their own, in the attribute's type, sorted by their text. */
  public List<Object> configuredValues() {
    return configured.keySet().stream().sorted(Comparator.comparing(String::valueOf)).toList();
  }

  /** The pass's window and those configuration gives scopes, never among them where one is. */
  public List<Duration> configuredWindows() {
    List<Duration> windows = new ArrayList<>(configured.values());
    windows.add(passWindow);
    return windows;
  }

  /** Whether the application gave windows in code. */
  public boolean hasCodeWindows() {
    return code != null;
  }

  /**
   * The shortest window a scope of the pass may have, {@link ScopeWindows#NEVER} among them where one is: the pass's,
   * configuration's, and where the application gives windows in code, the shortest its {@link ScopeWindows} declares
   * (zero unless declared, since code may answer any). {@link #windowOf} fails a scope whose code answers shorter.
   */
  public Duration shortestWindow() {
    Duration shortest = configuredWindows().stream().min(Comparator.naturalOrder()).orElseThrow();
    return code != null && code.shortest().compareTo(shortest) < 0 ? code.shortest() : shortest;
  }

  /** What the start line says of the windows from code: their declared shortest, if any; empty without code. */
  public String describeCode() {
    if (code == null) {
      return "";
    }
    return code.shortest().isZero() ? ", the others from code"
        : ", the others from code, at least " + Durations.format(code.shortest());
  }

  /**
   * Whether another value of the scope attribute may have a window longer than {@code window}: the rows of a value the
   * database takes as one with such a value then go by the longer ({@link #windowOf}). Never for the longest window
   * configuration or the pass gives, unless the application gives windows in code, which may answer anything.
   */
  public boolean anotherValueMayOutlast(Duration window) {
    if (ScopeWindows.NEVER.equals(window)) {
      return false;
    }
    if (code != null) {
      return true;
    }
    Duration longest = configured.values().stream().reduce(passWindow, (a, b) -> a.compareTo(b) >= 0 ? a : b);
    return window.compareTo(longest) < 0;
  }

  /**
   * The window of {@code scope}'s rows; {@link ScopeWindows#NEVER} when they are kept for ever.
   *
   * @throws IllegalStateException when the application's windows threw or gave a window out of range, naming the pass,
   *     the scope and the value; the caller then deletes nothing of that scope
   */
  public Duration windowOf(Scope scope) {
    Optional<Object> value = scope.value();
    if (value.isEmpty()) {
      return passWindow;
    }
    Duration own = ownWindowOf(value.get());
    if (longestConfigured.isEmpty() || longestConfigured.get().compareTo(own) <= 0) {
      return own; // no value's configured window is longer: its fold cannot lengthen it
    }
    Duration folded = longestByFold.get(foldOf(value.get()));
    return folded != null && folded.compareTo(own) > 0 ? folded : own;
  }

  /** {@link ScopeFolding#fold} of {@code value}, kept for the next look-up of a text value. */
  private Object foldOf(Object value) {
    if (!(value instanceof String text)) {
      return ScopeFolding.fold(value);
    }
    Object fold = folds.get(text);
    if (fold == null) {
      fold = ScopeFolding.fold(text);
      if (folds.size() < FOLDS_KEPT) {
        folds.put(text, fold);
      }
    }
    return fold;
  }

  /** The window of the rows whose scope attribute is {@code value} itself, by configuration, code or the pass. */
  private Duration ownWindowOf(Object scopeValue) {
    Duration fromConfiguration = configured.get(scopeValue);
    if (fromConfiguration != null) {
      return fromConfiguration;
    }
    if (code == null) {
      return passWindow;
    }
    Optional<Duration> fromCode;
    try {
      fromCode = code.windowOf(scopeValue);
    } catch (Throwable e) {
      // An Error too (an AssertionError, a settings class that failed to load): it fails this scope, and the sweep goes
      // on with the others; the caller of an on-demand sweep gets a report, never the Error. A VirtualMachineError is
      // no different: the JVM's own handling (-XX:+ExitOnOutOfMemoryError, a heap dump) ran when it was thrown.
      throw new IllegalStateException("Pass " + values.passName() + ": the scope windows given in code failed for "
          + values.attribute() + " = " + scopeValue + "; none of its rows is deleted", e);
    }
    if (fromCode == null || fromCode.isEmpty()) {
      return passWindow;
    }
    Duration window = fromCode.get();
    boolean outOfRange = window.isNegative() || window.compareTo(OptionLimits.longestWindow()) > 0;
    if (outOfRange && !ScopeWindows.NEVER.equals(window)) {
      throw new IllegalStateException("Pass " + values.passName() + ": the scope windows given in code answered "
          + window + " for " + values.attribute() + " = " + scopeValue + ", out of range (0 to "
          + Durations.format(OptionLimits.longestWindow()) + ", or ScopeWindows.NEVER); none of its rows is deleted");
    }
    if (window.compareTo(code.shortest()) < 0) {
      // The sweep's first read takes only rows older than the declared shortest: such a scope's rows would be found
      // late or never, so none is deleted, and the sweep that finds it says so.
      throw new IllegalStateException("Pass " + values.passName() + ": the scope windows given in code answered "
          + Durations.format(window) + " for " + values.attribute() + " = " + scopeValue + ", shorter than the "
          + Durations.format(code.shortest()) + " they declare (ScopeWindows.atLeast); none of its rows is deleted");
    }
    return window;
  }
}
