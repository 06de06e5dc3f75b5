/** Entities whose tables the partition suites replace with tables partitioned by range on their {@code @Ttl} column. */
package dev.retention.it.partitions;
