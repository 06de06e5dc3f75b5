package dev.retention.runtime;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
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
}
