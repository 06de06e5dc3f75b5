/**
 * When each pass sweeps in the background: the plan (startup stagger, interval, turns after work left, backoff after
 * failures), on a monotonic timer, dispatched on the runtime's threads.
 */
package dev.retention.runtime.internal.schedule;
