package dev.retention.runtime.internal.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * MariaDB's indexes, from {@code information_schema.statistics}: the columns of each B-tree index the optimizer may use
 * ({@code ignored}, from 10.6), in order, a column indexed by a prefix of its values counting as none. Column names
 * compare without case, as MariaDB compares them; a table name the catalog holds in two spellings is not guessed at.
 */
final class MariaDbIndexes implements IndexCatalog {

  private static final String COLUMNS = "select table_name, index_name, column_name, sub_part, index_type, ignored"
      + " from information_schema.statistics where table_schema = coalesce(?, database()) and table_name = ?"
      + " order by table_name, index_name, seq_in_index";

  @Override
  public List<List<String>> indexes(Connection connection, String table) throws SQLException {
    String[] parts = unquoted(table).split("\\.");
    List<String> spellings = new ArrayList<>();
    Map<String, List<String>> indexes = new LinkedHashMap<>();
    try (PreparedStatement query = connection.prepareStatement(COLUMNS)) {
      query.setString(1, parts.length > 1 ? parts[parts.length - 2] : null);
      query.setString(2, parts[parts.length - 1]);
      try (ResultSet result = query.executeQuery()) {
        while (result.next()) {
          if (!spellings.contains(result.getString(1))) {
            spellings.add(result.getString(1));
          }
          boolean whole = result.getObject(4) == null && "BTREE".equalsIgnoreCase(result.getString(5))
              && !"YES".equalsIgnoreCase(result.getString(6));
          indexes.computeIfAbsent(result.getString(2), index -> new ArrayList<>())
              .add(whole ? columnName(result.getString(3)) : "");
        }
      }
    }
    if (spellings.size() > 1) {
      throw new SQLException("the catalog holds tables " + spellings + " for " + table
          + ", and which is meant is unclear");
    }
    return List.copyOf(indexes.values());
  }

  @Override
  public String columnName(String column) {
    return unquoted(column).toLowerCase(Locale.ROOT);
  }

  /** A name without the quotes Hibernate may keep on it. */
  private static String unquoted(String name) {
    return name.replace("`", "").replace("\"", "");
  }
}
