/**
 * A pass as the runtime deletes by it ({@code PassModel}), and the one predicate every statement applies
 * ({@code ExpiredRows}: cutoff, condition, scope); the keys a batch names rows by, and the build-time checks of
 * conditions. Depends on the user's API and {@code generated} only.
 *
 * <p>Null-marked: what may be absent says so with {@code @Nullable}, and NullAway checks it at compile time.
 */
@NullMarked
package dev.retention.runtime.internal.pass;

import org.jspecify.annotations.NullMarked;
