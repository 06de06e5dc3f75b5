/**
 * Who sweeps a pass now, agreed through the database: a lock per pass, taken without waiting before a sweep and
 * released at its end, so that of several instances one sweeps a pass at a time and the others skip it. On a database
 * without such a lock (H2) every instance sweeps, and locked rows are skipped as before.
 */
package dev.retention.runtime.internal.lock;
