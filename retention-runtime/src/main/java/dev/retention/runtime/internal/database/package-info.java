/**
 * The one place that knows a database: a {@link dev.retention.runtime.internal.database.DatabaseProfile} per database
 * (PostgreSQL, MariaDB and MySQL, H2, and the portable one for any other), chosen once at {@code build()} by
 * {@link dev.retention.runtime.internal.database.DatabaseDetection}. A profile says which native shapes its database
 * gets and in which order, its session lock, its partition catalog, how it groups text and whether it compares a
 * scope column exactly, its error codes and what a batch's transaction is told first; the provider's packages build
 * what it names. Depends on {@code shape}, {@code partition}, {@code lock}, {@code mapping} and {@code pass}'s
 * interfaces and values only; none of them depends on it.
 */
package dev.retention.runtime.internal.database;
