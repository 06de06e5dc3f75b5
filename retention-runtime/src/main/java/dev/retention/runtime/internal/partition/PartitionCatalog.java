package dev.retention.runtime.internal.partition;

import dev.retention.runtime.RetentionOption.ExpiredPartitions;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One database's catalog of partitions and its DDL: what a table's partitioning is, its partitions and their bounds,
 * how the database compares a bound with the cutoff, and how a partition goes.
 */
public interface PartitionCatalog {

  /** How a table is partitioned, as far as dropping whole partitions is concerned: a {@link Layout}, or why not. */
  sealed interface TableLayout {}

  /**
   * A table partitioned by {@code RANGE} on the {@code @Ttl} column alone, whose expired partitions may go whole.
   *
   * @param table the table as the DDL names it
   * @param catalogName the table's name as the catalog holds it
   * @param column the partition key, the {@code @Ttl} column
   * @param columnType the key's type as a cast writes it
   * @param nullable whether the key column may hold null
   */
  record Layout(String table, String catalogName, String column, String columnType, boolean nullable)
      implements TableLayout {}

  /**
   * Why no partition of a table may go whole.
   *
   * @param partitioned whether the table is partitioned at all (a refusal of an unpartitioned table is not worth a line
   *     at start unless the option is on)
   */
  record NotWhole(String refusal, boolean partitioned) implements TableLayout {}

  /** What became of one partition. */
  enum Outcome {
    /** It went (dropped, or detached and kept). */
    REMOVED,
    /** It was gone already: another instance took it first. */
    GONE,
    /** A lock it needed was not had within the batch timeout, or its statement ran past it: the next sweep tries. */
    NOT_NOW,
    /**
     * It holds a row without a value, which never expires, found with the table held so that none could arrive between
     * the look and the DDL: it stays, and its rows go by batches.
     */
    HOLDS_NULL
  }

  /** The database's name, for messages. */
  String database();

  /** Reads how {@code table} is partitioned and whether its partitions may go whole on {@code column}. */
  TableLayout layout(EntityManager em, String table, String column);

  /** The table's partitions, as the catalog holds them now. */
  List<Partition> partitions(EntityManager em, Layout layout);

  /**
   * A query of one row and one column, 1 or 0: whether the upper bound bound as text to {@code ?1}, read as a value of
   * the key's type, is at or before the cutoff bound to {@code ?2} as every row statement binds it.
   */
  String boundAtOrBeforeCutoff(Layout layout);

  /** Whether {@code partition} holds a row whose key is null, which never expires and would go with it. */
  boolean holdsNull(EntityManager em, Layout layout, Partition partition);

  /** Why {@code partition} may not go though its whole range is expired, or null when it may. */
  @Nullable String keptWhole(Layout layout, Partition partition, List<Partition> partitions);

  /**
   * Detaches {@code partition} (finishing an interrupted detach) and drops it, or keeps it as a table of its own,
   * waiting at most {@code timeout} for any lock.
   *
   * @param partitions every partition of the table, which decides how PostgreSQL may detach
   */
  Outcome remove(Connection connection, Layout layout, Partition partition, List<Partition> partitions,
      ExpiredPartitions mode, Duration timeout) throws SQLException;

  /**
   * Whether a removal that ran out of time may leave its partition half-detached (PostgreSQL's concurrent detach),
   * which the next sweep finishes: the warning says so.
   */
  default boolean detachMayStayPending() {
    return false;
  }

  /** How a partition goes in {@code mode}, for the start line. */
  String howRemoved(ExpiredPartitions mode);

  /** Why {@code mode} cannot be had on this database at all, or null. */
  default @Nullable String refusalOf(ExpiredPartitions mode, EntityManager em) {
    return null;
  }

  /** The value in column {@code index} of a catalog row as a string, or null. */
  static @Nullable String text(@Nullable Object[] row, int index) {
    return row[index] == null ? null : row[index].toString();
  }

  /** The value in column {@code index} of a catalog row as a long; 0 for null. */
  static long number(@Nullable Object[] row, int index) {
    return row[index] == null ? 0 : ((Number) row[index]).longValue();
  }

  /** Whether the value in column {@code index} is true. */
  static boolean truth(@Nullable Object[] row, int index) {
    Object value = row[index];
    return value instanceof Boolean b ? b : value instanceof Number n && n.intValue() != 0;
  }

  /** {@code name} without the quotes a provider may have put around it. */
  static String unquoted(String name) {
    String plain = name.trim();
    if (plain.length() >= 2 && (plain.startsWith("\"") && plain.endsWith("\"")
        || plain.startsWith("`") && plain.endsWith("`"))) {
      return plain.substring(1, plain.length() - 1);
    }
    return plain;
  }
}
