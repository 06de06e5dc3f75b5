/**
 * Pacing by the database's health and the operator's say: before each batch of every sweep, the replicas' lag against
 * the pass's limits ({@code ReplicaGate}, reading what the database profile knows to read through a shared
 * {@code ReplicaWatch}), the application's {@code SweepThrottle}, and a ceiling on rows a second ({@code RateLimit}).
 * {@code Pacing} waits for all three, within the sweep's bounds, and says how long and why; the wait is never batch
 * time. Depends on no other internal package.
 */
@NullMarked
package dev.retention.runtime.internal.pacing;

import org.jspecify.annotations.NullMarked;
