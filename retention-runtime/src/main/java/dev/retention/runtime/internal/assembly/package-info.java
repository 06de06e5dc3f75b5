/**
 * What {@code RetentionRuntime.Builder.build()} does: discovery, options, the checks against the factory, the choice
 * of each pass's statements and transactions, one sweeper per pass; and the start-up line. Depends on every other
 * internal package; none depends on it.
 */
package dev.retention.runtime.internal.assembly;
