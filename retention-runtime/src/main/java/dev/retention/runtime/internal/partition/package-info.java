/**
 * Expired partitions dropped whole: for a table partitioned by {@code RANGE} on its {@code @Ttl} column alone, each
 * partition whose every possible value is at or before the cutoff goes in one DDL statement instead of row batches.
 * The rule of this package: a partition goes only when the catalog says exactly what it can hold and the database
 * itself, comparing the partition's upper bound with the cutoff bound as every row statement binds it, says all of it
 * is expired; anything it cannot read or promise leaves the rows to the batches, and the start line says why.
 * Provider-neutral: the provider's part (the table and column of an entity, a connection outside any transaction) is
 * a {@link dev.retention.runtime.internal.partition.PartitionTables}.
 *
 * <p>Null-marked: what may be absent says so with {@code @Nullable}, and NullAway checks it at compile time.
 */
@NullMarked
package dev.retention.runtime.internal.partition;

import org.jspecify.annotations.NullMarked;
