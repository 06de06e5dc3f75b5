package dev.retention.it.support;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The indexes a suite takes away from a table Hibernate created, on MariaDB, whatever Hibernate named them: so that a
 * shape that needs an index leading with the {@code @Ttl} column (the ordered delete) declines, and the shape after it
 * runs.
 */
public final class Indexes {

  private Indexes() {}

  /** Drops every index of {@code table} (not its primary key) whose first column is {@code column}. */
  public static void dropLeadingWith(TestDatabase database, String table, String column) {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      java.util.List<String> indexes = new java.util.ArrayList<>();
      try (ResultSet found = statement.executeQuery("select index_name from information_schema.statistics"
          + " where table_schema = database() and table_name = '" + table + "' and seq_in_index = 1"
          + " and column_name = '" + column + "' and index_name <> 'PRIMARY'")) {
        while (found.next()) {
          indexes.add(found.getString(1));
        }
      }
      if (indexes.isEmpty()) {
        throw new IllegalStateException(table + " has no index leading with " + column);
      }
      for (String index : indexes) {
        statement.execute("drop index `" + index + "` on " + table);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot drop the indexes of " + table + " leading with " + column, e);
    }
  }
}
