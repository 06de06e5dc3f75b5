/**
 * Scopes: the values of a pass's {@code @TtlScope} attribute, and the window of each (configuration over code over
 * the pass's, the longest among values a collation may take as one).
 */
package dev.retention.runtime.internal.scope;
