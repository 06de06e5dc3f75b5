/**
 * The rule of a pass as the application reads it ({@code RetentionPolicy}): at one instant, the windows the runtime's
 * configuration and code give each scope, turned into the sweep's own predicate ({@code pass.ExpiredRows}) per window,
 * and offered negated (the live rows) in JPQL and Criteria, and in Java over one instance. No rule is written here
 * that {@code ExpiredRows} does not state.
 */
package dev.retention.runtime.internal.policy;
