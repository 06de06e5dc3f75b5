package dev.retention.runtime.internal.partition;

import dev.retention.runtime.internal.pass.PassModel;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * What the provider tells about a pass's table: its name and the {@code @Ttl} column, when native SQL may compare that
 * column with the cutoff as bound (the native shapes' allow-list), and a connection outside any transaction for the
 * DDL.
 */
public interface PartitionTables {

  /** The table and column of a pass, or why native SQL may not name them. */
  sealed interface Target {

    static Target of(String table, String column, PartitionCatalog catalog) {
      return new Table(table, column, catalog);
    }

    static Target refused(String refusal) {
      return new Refused(refusal);
    }
  }

  /**
   * A table whose partitions the catalog may read.
   *
   * @param table the table's name as the provider writes it
   * @param column the {@code @Ttl} column's name
   * @param catalog the database's partition catalog
   */
  record Table(String table, String column, PartitionCatalog catalog) implements Target {}

  /** Why native SQL may not name the pass's table or column. */
  record Refused(String refusal) implements Target {}

  /**
   * The table, column and catalog of {@code pass}, or why not. Any key will do: a partition goes by its bounds on the
   * {@code @Ttl} column, and no statement of the step names a row by its key. A pass whose rows are removed one by one
   * comes here only with an {@code @IdClass} key, and is refused with {@link PartitionPlan#REMOVED_FOR_CALLBACKS}
   * unless the provider knows its entity has no removal callback, entity listener or cascade.
   */
  Target target(PassModel pass);

  /** Work on a JDBC connection of its own. */
  interface ConnectionWork<T> {
    T run(Connection connection) throws SQLException;
  }

  /**
   * Runs {@code work} on a connection in autocommit mode, outside any transaction: PostgreSQL refuses
   * {@code DETACH PARTITION … CONCURRENTLY} in a transaction block.
   */
  <T> T outsideTransactions(ConnectionWork<T> work);
}
