package dev.retention.runtime.internal.database;

import dev.retention.runtime.internal.pass.ScopeComparison;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

/**
 * PostgreSQL's catalog of a scope column: {@code pg_attribute} gives its type and collation, {@code pg_collation}
 * whether that collation is deterministic. The comparison is exact, by allow-list of the column's type and the Java
 * type bound for it together, only for a {@code String} over {@code text} or {@code varchar} under a deterministic
 * collation (PostgreSQL's default: it breaks ties between strings a locale finds equal by their bytes), an integer over
 * {@code smallint}, {@code integer} or {@code bigint}, and a {@code UUID} over {@code uuid}. A {@code String} over an
 * integer or {@code uuid} column is not (the database compares it as a number or a UUID: {@code "007"} is {@code 7},
 * capitals are lower case), and any other type is not: a nondeterministic collation (ICU's case-insensitive ones) takes spellings Java
 * tells apart as one, {@code char(n)} ignores trailing spaces, an extension's type ({@code citext}) or a domain may
 * compare as it likes.
 */
final class PostgresScopeColumns implements ScopeColumns {

  /** The Java types an integer column compares exactly. */
  private static final Set<Class<?>> INTEGERS = Set.of(Long.class, Integer.class, Short.class);

  private static final String COLUMN = "select format_type(a.atttypid, a.atttypmod),"
      + " a.atttypid in ('pg_catalog.text'::regtype, 'pg_catalog.varchar'::regtype),"
      + " a.atttypid in ('pg_catalog.int2'::regtype, 'pg_catalog.int4'::regtype, 'pg_catalog.int8'::regtype),"
      + " a.atttypid = 'pg_catalog.uuid'::regtype,"
      + " a.atttypid = 'pg_catalog.bpchar'::regtype, c.collname::text, c.collisdeterministic"
      + " from pg_attribute a left join pg_collation c on c.oid = a.attcollation"
      + " where a.attrelid = to_regclass(?) and a.attname = ? and a.attnum > 0 and not a.attisdropped";

  @Override
  public ScopeComparison comparison(Connection connection, String table, String column, Class<?> javaType)
      throws SQLException {
    String named = "the scope column " + column;
    try (PreparedStatement query = connection.prepareStatement(COLUMN)) {
      query.setString(1, table);
      query.setString(2, catalogName(column));
      try (ResultSet result = query.executeQuery()) {
        if (!result.next()) {
          return ScopeComparison.merging(named + " of " + table + " is not in the catalog", false);
        }
        String type = result.getString(1);
        boolean integers = result.getBoolean(3);
        boolean uuid = result.getBoolean(4);
        if (integers || uuid) {
          boolean sameKind = integers ? INTEGERS.contains(javaType) : javaType == UUID.class;
          return sameKind ? ScopeComparison.EXACT : ScopeComparison.merging(named + " is " + type + ", which compares"
              + " a " + javaType.getSimpleName() + " scope as " + (integers ? "a number (\"007\" and \"7\" are one"
              + " there)" : "a UUID (capitals and lower case are one there)"), false);
        }
        if (result.getBoolean(5)) {
          return ScopeComparison.merging(named + " is " + type + ", which compares ignoring trailing spaces", false);
        }
        if (!result.getBoolean(2) || javaType != String.class) {
          return ScopeComparison.merging(named + " is " + type + ", not known to compare a "
              + javaType.getSimpleName() + " scope as Java does", false);
        }
        boolean deterministic = result.getBoolean(7) && !result.wasNull();
        if (!deterministic) {
          // Its DISTINCT returns one spelling of several the collation takes as one: they are read beside a hash.
          return ScopeComparison.merging(named + " has the nondeterministic collation " + result.getString(6)
              + ", which may take values Java tells apart as one", true);
        }
        return ScopeComparison.EXACT;
      }
    }
  }

  /**
   * The column's name as {@code pg_attribute} holds it: a quoted name as written between its quotes, any other folded
   * to lower case, as PostgreSQL folds an unquoted name.
   */
  static String catalogName(String column) {
    if (column.length() >= 2 && column.startsWith("\"") && column.endsWith("\"")) {
      return column.substring(1, column.length() - 1).replace("\"\"", "\"");
    }
    return column.toLowerCase(Locale.ROOT);
  }
}
