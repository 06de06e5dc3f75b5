package dev.retention.runtime.internal.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * PostgreSQL's facts of a pass's table, in one catalog statement: its kind ({@code relkind}: a plain table, or
 * partitioned), whether other tables inherit from it (partitions and children), the scope column's type, collation and
 * whether that collation is deterministic, and the oids of its indexes. What the ctid statement, the range statement
 * and an exact scope were chosen on, and what the look across {@code @TenantId} values rests on (the tenant column
 * read as the scope column).
 */
final class PostgresCatalogFacts implements CatalogFacts {

  private static final String FACTS = "select coalesce((select c.relkind::text"
      + " || ' children ' || exists (select 1 from pg_inherits i where i.inhparent = c.oid)::text"
      + " || ' scope ' || coalesce((select format_type(a.atttypid, a.atttypmod) || ' ' || coalesce(l.collname::text,"
      + " '') || ' ' || coalesce(l.collisdeterministic::text, '') from pg_attribute a"
      + " left join pg_collation l on l.oid = a.attcollation"
      + " where a.attrelid = c.oid and a.attname = ? and a.attnum > 0 and not a.attisdropped), '-')"
      + " || ' indexes ' || coalesce((select string_agg(x.indexrelid::text, ',' order by x.indexrelid)"
      + " from pg_index x where x.indrelid = c.oid), '-')"
      + " from pg_class c where c.oid = to_regclass(?)), 'not in the catalog')";

  @Override
  public String read(Connection connection, String table, Optional<String> column) throws SQLException {
    try (PreparedStatement query = connection.prepareStatement(FACTS)) {
      query.setString(1, column.map(PostgresScopeColumns::catalogName).orElse(""));
      query.setString(2, table);
      try (ResultSet result = query.executeQuery()) {
        result.next();
        return result.getString(1);
      }
    }
  }

  /**
   * A plain table ({@code r}) or a partitioned one ({@code p}): a native select of the parent, as Hibernate's own
   * statement, reads every partition and every inheriting child. Anything else (a view, a foreign table, a table gone)
   * was not proven.
   */
  @Override
  public Optional<String> lookRefusal(String facts) {
    String kind = facts.split(" ", 2)[0];
    return switch (kind) {
      case "r", "p" -> Optional.empty();
      case "v", "m" -> Optional.of("its table is now a view");
      case "f" -> Optional.of("its table is now a foreign table");
      default -> Optional.of(facts.startsWith("not in the catalog") ? "its table is not in the catalog"
          : "its table is now a relation of kind " + kind);
    };
  }
}
