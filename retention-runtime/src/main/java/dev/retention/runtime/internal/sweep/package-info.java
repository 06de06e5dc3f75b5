/**
 * One pass's sweeps: each a {@code SweepRequest} (the whole pass, the scope rounds, one scope on demand) run by the one
 * {@code SweepLoop}: the cutoff once, then bounded batches each in its own transaction ({@code BatchRun}), scope by
 * scope for a scoped pass ({@code ScopeRounds}), the batch size ({@code BatchSizer}), every step's outcome folded into
 * an immutable {@code SweepResult} from which the report is made.
 *
 * <p>Null-marked: what may be absent says so with {@code @Nullable}, and NullAway checks it at compile time.
 */
@NullMarked
package dev.retention.runtime.internal.sweep;

import org.jspecify.annotations.NullMarked;
