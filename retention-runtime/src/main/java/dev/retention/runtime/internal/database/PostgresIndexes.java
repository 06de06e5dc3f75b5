package dev.retention.runtime.internal.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PostgreSQL's indexes, from {@code pg_index}: the columns of each valid B-tree index without a predicate, in order
 * (an expression's place holds no column). An index of a partitioned table counts: each partition has its part.
 */
final class PostgresIndexes implements IndexCatalog {

  private static final String COLUMNS = "select i.indexrelid, coalesce(a.attname::text, '') from pg_index i"
      + " join pg_class ic on ic.oid = i.indexrelid join pg_am am on am.oid = ic.relam"
      + " cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, place)"
      + " left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum and k.attnum > 0"
      + " where i.indrelid = to_regclass(?) and i.indisvalid and i.indpred is null and am.amname = 'btree'"
      + " order by i.indexrelid, k.place";

  @Override
  public List<List<String>> indexes(Connection connection, String table) throws SQLException {
    Map<Long, List<String>> indexes = new LinkedHashMap<>();
    try (PreparedStatement query = connection.prepareStatement(COLUMNS)) {
      query.setString(1, table);
      try (ResultSet result = query.executeQuery()) {
        while (result.next()) {
          indexes.computeIfAbsent(result.getLong(1), index -> new ArrayList<>()).add(result.getString(2));
        }
      }
    }
    return List.copyOf(indexes.values());
  }

  @Override
  public String columnName(String column) {
    return PostgresScopeColumns.catalogName(column);
  }
}
