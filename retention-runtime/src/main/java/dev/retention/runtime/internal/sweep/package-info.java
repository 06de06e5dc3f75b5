/**
 * One pass's sweeps: the cutoff once, then bounded batches each in its own transaction ({@code BatchRun}), scope by
 * scope for a scoped pass ({@code ScopeRounds}), the batch size ({@code BatchSizer}) and the report ({@code Tally}).
 */
package dev.retention.runtime.internal.sweep;
