package dev.retention.runtime.internal.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * One database's catalog of a table's indexes, for the shapes whose statements walk an index on the {@code @Ttl}
 * column (the range statement's probe, MariaDB's ordered delete): without one, each batch would scan the table, and on
 * InnoDB lock every row it reads. Read once a pass at {@code build()}, where the provider names the table and columns.
 */
public interface IndexCatalog {

  /**
   * The columns of each index of {@code table} the database may walk in order (a B-tree, valid, not partial, not
   * ignored), in order, each as {@link #columnName} writes it; a place that holds no whole column (an expression, a
   * prefix of a column's values) is an empty name. The table is as the provider's statements name it.
   *
   * @throws SQLException when the catalog cannot be read, or does not say which table is meant
   */
  List<List<String>> indexes(Connection connection, String table) throws SQLException;

  /** A column as the provider's statements name it (a name quoted there is quoted here), as {@link #indexes} has it. */
  String columnName(String column);
}
