package dev.retention.runtime.internal.database;

import static dev.retention.runtime.internal.partition.PartitionCatalog.number;
import static dev.retention.runtime.internal.partition.PartitionCatalog.text;
import static dev.retention.runtime.internal.partition.PartitionCatalog.truth;

import dev.retention.runtime.RetentionOption.ExpiredPartitions;
import dev.retention.runtime.internal.partition.Partition;
import dev.retention.runtime.internal.partition.PartitionCatalog;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's declarative partitioning: {@code pg_partitioned_table} says how a table is partitioned,
 * {@code pg_inherits} and {@code pg_get_expr(relpartbound)} what its partitions are and hold. A partition goes by
 * {@code ALTER TABLE … DETACH PARTITION … CONCURRENTLY} on an autocommit connection (plain {@code DETACH} where the
 * table has a default partition, which PostgreSQL does not detach concurrently beside), then {@code DROP TABLE}; an
 * interrupted concurrent detach is finished ({@code FINALIZE}) by the next sweep.
 */
public final class PostgresPartitions implements PartitionCatalog {

  /** The oldest PostgreSQL that detaches concurrently and marks an interrupted detach ({@code inhdetachpending}). */
  static final int OLDEST_VERSION = 140000;

  /** Key types whose catalog text casts back to the stored value exactly: dates, timestamps, integers. */
  private static final Set<String> KEY_TYPES = Set.of("date", "bigint", "integer");

  private static final String LAYOUT = "select c.relkind::text, c.oid::regclass::text, pt.partstrat::text,"
      + " pt.partnatts, a.attname::text, pt.partexprs is not null, format_type(a.atttypid, a.atttypmod),"
      + " a.attnotnull, exists (select 1 from pg_constraint k where k.contype = 'f' and k.confrelid in"
      + " (select relid from pg_partition_tree(c.oid))), current_setting('server_version_num')::int"
      + " from pg_class c left join pg_partitioned_table pt on pt.partrelid = c.oid"
      + " left join pg_attribute a on a.attrelid = pt.partrelid and a.attnum = pt.partattrs[0]"
      + " where c.oid = to_regclass(?1)";

  private static final String PARTITIONS = "select c.oid::regclass::text, pg_get_expr(c.relpartbound, c.oid),"
      + " c.relkind::text, i.inhdetachpending, greatest(c.reltuples, 0)::bigint"
      + " from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass(?1) order by 1";

  private static final Pattern RANGE = Pattern.compile("FOR VALUES FROM \\((.+)\\) TO \\((.+)\\)", Pattern.DOTALL);
  private static final Pattern NUMBER = Pattern.compile("-?[0-9]+");

  /** lock_not_available (lock_timeout), query_canceled (statement_timeout), object_not_in_prerequisite_state. */
  private static final Set<String> NOT_NOW = Set.of("55P03", "57014", "55006", "55000");
  /** undefined_table: the partition is gone, or no longer a partition of the table. */
  private static final String GONE = "42P01";

  @Override
  public String database() {
    return "PostgreSQL";
  }

  @Override
  public TableLayout layout(EntityManager em, String table, String column) {
    List<?> rows = em.createNativeQuery(LAYOUT).setParameter(1, table).getResultList();
    if (rows.isEmpty()) {
      return new NotWhole("table " + table + " is not in the catalog", false);
    }
    Object[] row = (Object[]) rows.get(0);
    if (number(row, 9) < OLDEST_VERSION) {
      return new NotWhole("PostgreSQL " + number(row, 9) + " detaches no partition concurrently (14 or later)",
          "p".equals(text(row, 0)));
    }
    if (!"p".equals(text(row, 0))) {
      return new NotWhole("table " + table + " is not partitioned", false);
    }
    String name = text(row, 1);
    if (!"r".equals(text(row, 2))) {
      return new NotWhole("table " + name + " is partitioned by " + strategy(text(row, 2)) + ", not by RANGE", true);
    }
    if (number(row, 3) != 1 || truth(row, 5) || text(row, 4) == null) {
      return new NotWhole("the partition key of " + name + " is an expression or more than one column", true);
    }
    if (!sameColumn(text(row, 4), column)) {
      return new NotWhole(name + " is partitioned by " + text(row, 4) + ", not by the @Ttl column " + column, true);
    }
    String type = text(row, 6);
    if (!KEY_TYPES.contains(type) && !type.startsWith("timestamp")) {
      return new NotWhole("the partition key " + column + " is of type " + type + ", whose bounds are not known to"
          + " compare with the cutoff as stored", true);
    }
    if (truth(row, 8)) {
      return new NotWhole(name + " is referenced by foreign keys, which a dropped partition would leave dangling",
          true);
    }
    return new Layout(name, table, text(row, 4), type, !truth(row, 7));
  }

  private static String strategy(String code) {
    return switch (code) {
      case "l" -> "LIST";
      case "h" -> "HASH";
      default -> code;
    };
  }

  /** Whether the catalog's {@code attname} is the column Hibernate names, quoted (exact) or not (folded to lower). */
  private static boolean sameColumn(String attname, String column) {
    String trimmed = column.trim();
    if (trimmed.startsWith("\"")) {
      return attname.equals(PartitionCatalog.unquoted(trimmed));
    }
    return attname.equals(trimmed.toLowerCase(Locale.ROOT));
  }

  @Override
  public List<Partition> partitions(EntityManager em, Layout layout) {
    List<?> rows = em.createNativeQuery(PARTITIONS).setParameter(1, layout.catalogName()).getResultList();
    List<Partition> partitions = new ArrayList<>();
    for (Object row : rows) {
      Object[] columns = (Object[]) row;
      String bound = text(columns, 1);
      boolean isDefault = "DEFAULT".equals(bound);
      boolean sub = !"r".equals(text(columns, 2)); // partitioned itself, or a foreign table
      partitions.add(new Partition(text(columns, 0), isDefault ? null : upperBound(bound), isDefault, sub,
          truth(columns, 3), number(columns, 4)));
    }
    return partitions;
  }

  /**
   * The upper bound of {@code FOR VALUES FROM (a) TO (b)} as text, unquoted; null for {@code MAXVALUE} or anything it
   * does not read with certainty (which keeps the partition's rows for the batches).
   */
  static String upperBound(String expression) {
    if (expression == null) {
      return null;
    }
    Matcher range = RANGE.matcher(expression.trim());
    if (!range.matches()) {
      return null;
    }
    String upper = range.group(2).trim();
    if (NUMBER.matcher(upper).matches()) {
      return upper;
    }
    if (upper.length() >= 2 && upper.startsWith("'") && upper.endsWith("'")) {
      String inner = upper.substring(1, upper.length() - 1);
      if (inner.replace("''", "").contains("'")) {
        return null; // more than one value
      }
      return inner.replace("''", "'");
    }
    return null; // MAXVALUE, MINVALUE, or what it cannot read
  }

  @Override
  public String boundAtOrBeforeCutoff(Layout layout) {
    return "select case when cast(cast(?1 as text) as " + layout.columnType() + ") <= ?2 then 1 else 0 end";
  }

  @Override
  public boolean holdsNull(EntityManager em, Layout layout, Partition partition) {
    return false; // a null key goes to the default partition only, which never goes whole
  }

  @Override
  public String keptWhole(Layout layout, Partition partition, List<Partition> partitions) {
    return null;
  }

  @Override
  public Outcome remove(Connection connection, Layout layout, Partition partition, List<Partition> partitions,
      ExpiredPartitions mode, Duration timeout) throws SQLException {
    boolean concurrently = partitions.stream().noneMatch(Partition::isDefault);
    try (Statement statement = connection.createStatement()) {
      long millis = timeout.toMillis();
      statement.execute("set lock_timeout = " + millis);
      statement.execute("set statement_timeout = " + millis);
      try {
        String alter = "alter table " + layout.table() + " detach partition " + partition.name();
        try {
          statement.execute(partition.detachPending() ? alter + " finalize"
              : concurrently ? alter + " concurrently" : alter);
        } catch (SQLException e) {
          if (GONE.equals(e.getSQLState())) {
            return Outcome.GONE;
          }
          if (NOT_NOW.contains(e.getSQLState())) {
            return Outcome.NOT_NOW;
          }
          throw e;
        }
        if (mode == ExpiredPartitions.DROP) {
          try {
            statement.execute("drop table " + partition.name());
          } catch (SQLException e) {
            throw new IllegalStateException("Partition " + partition.name() + " was detached from " + layout.table()
                + " but not dropped (" + e.getMessage() + "): it is a table of its own now, holding only expired"
                + " rows; drop it by hand", e);
          }
        }
        return Outcome.REMOVED;
      } finally {
        statement.execute("reset lock_timeout");
        statement.execute("reset statement_timeout");
      }
    }
  }

  @Override
  public boolean detachMayStayPending() {
    return true;
  }

  @Override
  public String howRemoved(ExpiredPartitions mode) {
    return "DETACH PARTITION CONCURRENTLY (plainly beside a default partition)"
        + (mode == ExpiredPartitions.DROP ? ", then DROP TABLE" : ", kept as a table");
  }
}
