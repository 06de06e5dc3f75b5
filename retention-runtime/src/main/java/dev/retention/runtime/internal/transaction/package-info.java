/**
 * Each batch in a transaction of its own, whatever transaction the caller holds: resource-local, JTA through a
 * transaction manager or a {@code UserTransaction}, or the application's runner. Every statement carries the batch
 * timeout.
 */
package dev.retention.runtime.internal.transaction;
