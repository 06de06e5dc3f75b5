package dev.retention.runtime.internal.partition;

/**
 * One partition of a partitioned table, as the catalog describes it.
 *
 * @param name the partition's name (PostgreSQL: as a {@code regclass} writes it, quoted where it must be)
 * @param upperBound the exclusive upper bound of its range as the catalog writes the value, unquoted; null when it has
 *     none (a default partition, {@code MAXVALUE}), so that it never goes whole
 * @param isDefault whether it is the default partition, which takes every value no other range takes (and nulls)
 * @param subpartitioned whether it is partitioned itself; its rows go by batches
 * @param detachPending whether a concurrent detach of it was interrupted (PostgreSQL): it is finished or reported
 * @param estimatedRows the rows the catalog's statistics estimate it holds; 0 when it has none
 */
public record Partition(String name, String upperBound, boolean isDefault, boolean subpartitioned,
    boolean detachPending, long estimatedRows) {

  /** Whether it may go whole at all, depending on its bound: a plain partition with an upper bound. */
  boolean bounded() {
    return upperBound != null && !isDefault && !subpartitioned;
  }

  /** Its name and estimated rows, for logs and the dry run. */
  String described() {
    return name + " (about " + estimatedRows + (estimatedRows == 1 ? " row)" : " rows)");
  }
}
