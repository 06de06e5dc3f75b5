package dev.retention.runtime;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * The windows of the scopes of one pass, from code: for a pass whose entity has a {@code @TtlScope} attribute, the
 * window of each scope's rows, where the application keeps them (a realm's settings in its own table, say).
 *
 * <pre>{@code
 * RetentionRuntime.builder(emf)
 *     .scopeWindows(Notification.class.getName(), tenant -> tenants.retentionOf((String) tenant))
 *     .build();
 * }</pre>
 *
 * <p>Called at every sweep, once for each scope it reaches, so that a changed window takes effect at the next sweep;
 * a sweep in the background may reach thousands of scopes, so it should answer from memory or a cache. A window from
 * configuration ({@code retention.<pass>.scope.<value>.retention}) wins over this one, and a scope with neither has the
 * pass's window. A window that throws, or is negative or longer than the upper bound of the {@code retention} option
 * (other than {@link #NEVER}), fails that scope's sweep, which deletes nothing of it and is reported.
 *
 * <p>A sweep finds the scopes with expired rows in one statement that reads the rows dated before the cutoff of the
 * shortest window any scope may have. Code may answer any window, so with windows from code that is every row dated
 * before now, and the code is asked the window of every scope that has one. Where the application knows a shortest
 * window (a realm's events are kept a day at least), {@link #atLeast} declares it, and that statement reads only the
 * rows older than it, through an index that leads with the {@code @Ttl} column where there is one:
 *
 * <pre>{@code
 * .scopeWindows(Notification.class.getName(),
 *     ScopeWindows.atLeast(Duration.ofDays(1), tenant -> tenants.retentionOf((String) tenant)))
 * }</pre>
 */
@FunctionalInterface
public interface ScopeWindows {

  /**
   * The window of rows kept for ever: answer {@code Optional.of(ScopeWindows.NEVER)} for a scope none of whose rows
   * expires (a realm that keeps its events). No statement reads or deletes such a scope's rows, and its sweeps report
   * no cutoff. Configuration writes it {@code never}, for a scope ({@code retention.<pass>.scope.<value>.retention})
   * and for a pass ({@code retention.<pass>.retention}); {@code RetentionOptions.withRetention(NEVER)} in code.
   */
  Duration NEVER = ChronoUnit.FOREVER.getDuration();

  /**
   * The window of the rows whose scope attribute is {@code scope}, or empty for the pass's window.
   *
   * @param scope a value of the scope attribute, never null: rows without one have the pass's window
   */
  Optional<Duration> windowOf(Object scope);

  /**
   * The shortest window {@link #windowOf} answers, for any scope: zero unless declared with {@link #atLeast}. The
   * pass's window, which an empty answer stands for, is not bounded by it.
   */
  default Duration shortest() {
    return Duration.ZERO;
  }

  /**
   * {@code windows}, declared never to answer a window shorter than {@code shortest}: a sweep's first statement then
   * reads only the rows dated before now minus the shortest of this, the pass's window and configuration's windows.
   * An answer shorter than {@code shortest} fails that scope's sweep, which deletes nothing of it and is reported,
   * naming the scope; a scope whose rows are all younger than {@code shortest} is not found, and its rows stay.
   *
   * @param shortest at least zero, and at most the upper bound of the {@code retention} option (checked at
   *     {@code build()})
   * @throws IllegalArgumentException when {@code shortest} is negative
   */
  static ScopeWindows atLeast(Duration shortest, ScopeWindows windows) {
    Objects.requireNonNull(shortest, "shortest");
    Objects.requireNonNull(windows, "windows");
    if (shortest.isNegative()) {
      throw new IllegalArgumentException(
          "ScopeWindows.atLeast(" + shortest + ", ...): the shortest window is negative");
    }
    return new ScopeWindows() {
      @Override
      public Optional<Duration> windowOf(Object scope) {
        return windows.windowOf(scope);
      }

      @Override
      public Duration shortest() {
        return shortest;
      }

      @Override
      public String toString() {
        return "ScopeWindows.atLeast(" + shortest + ", " + windows + ")";
      }
    };
  }
}
