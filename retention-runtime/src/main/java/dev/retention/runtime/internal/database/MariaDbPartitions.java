package dev.retention.runtime.internal.database;

import static dev.retention.runtime.internal.partition.PartitionCatalog.number;
import static dev.retention.runtime.internal.partition.PartitionCatalog.text;

import dev.retention.runtime.RetentionOption.ExpiredPartitions;
import dev.retention.runtime.internal.partition.Partition;
import dev.retention.runtime.internal.partition.PartitionCatalog;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * MariaDB's {@code RANGE} and {@code RANGE COLUMNS} partitioning, read from {@code information_schema.PARTITIONS}. A
 * partition goes by {@code ALTER TABLE … DROP PARTITION}, or is kept as a table of its own by
 * {@code ALTER TABLE … CONVERT PARTITION … TO TABLE} (10.7 and later). MariaDB files a null key under the lowest
 * range, so a partition that holds one stays for the batches; and a table keeps at least one partition.
 *
 * <p>Which partition is the lowest changes with every drop, and an application may write a row without a value at any
 * moment: for a nullable key, each partition is looked at for such a row again right before its DDL, with the table
 * held ({@code LOCK TABLES … WRITE}) from the look to the DDL, so that no row can land in it between the two.
 */
public final class MariaDbPartitions implements PartitionCatalog {

  private static final String PARTITIONS = "select PARTITION_NAME, SUBPARTITION_NAME, PARTITION_METHOD,"
      + " PARTITION_EXPRESSION, PARTITION_DESCRIPTION, TABLE_ROWS from information_schema.PARTITIONS"
      + " where TABLE_SCHEMA = database() and TABLE_NAME = ?1"
      + " order by PARTITION_ORDINAL_POSITION, SUBPARTITION_ORDINAL_POSITION";

  private static final String COLUMN = "select DATA_TYPE, IS_NULLABLE from information_schema.COLUMNS"
      + " where TABLE_SCHEMA = database() and TABLE_NAME = ?1 and COLUMN_NAME = ?2";

  private static final String REFERENCES = "select count(*) from information_schema.KEY_COLUMN_USAGE"
      + " where REFERENCED_TABLE_SCHEMA = database() and REFERENCED_TABLE_NAME = ?1";

  /** Key types a cast reads back exactly, and the cast. */
  private static final Map<String, String> CASTS = Map.of("datetime", "datetime(6)", "date", "date",
      "bigint", "signed", "int", "signed");

  private static final Pattern NUMBER = Pattern.compile("-?[0-9]+");
  private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+).*");

  /** Lock wait timeout; statement time exceeded (max_statement_time); query interrupted. */
  private static final Set<Integer> NOT_NOW = Set.of(1205, 1969, 1317);
  /** No such partition (1507: error in list of partitions; 1735: unknown partition). */
  private static final Set<Integer> GONE = Set.of(1507, 1735);

  @Override
  public String database() {
    return "MariaDB";
  }

  @Override
  public TableLayout layout(EntityManager em, String table, String column) {
    String name = PartitionCatalog.unquoted(table);
    String key = PartitionCatalog.unquoted(column);
    List<Object[]> rows = rows(em, name);
    if (rows.isEmpty()) {
      return new NotWhole("table " + name + " is not in the catalog", false);
    }
    Object[] first = rows.get(0);
    if (text(first, 0) == null) {
      return new NotWhole("table " + name + " is not partitioned", false);
    }
    String method = text(first, 2);
    if (!"RANGE".equals(method) && !"RANGE COLUMNS".equals(method)) {
      return new NotWhole("table " + name + " is partitioned by " + method + ", not by RANGE", true);
    }
    if (rows.stream().anyMatch(row -> text(row, 1) != null)) {
      return new NotWhole("table " + name + " is sub-partitioned", true);
    }
    String expression = text(first, 3);
    if (expression == null || !expression.trim().startsWith("`") || expression.contains(",")
        || !PartitionCatalog.unquoted(expression).equalsIgnoreCase(key)) {
      return new NotWhole("table " + name + " is partitioned by " + expression + ", not by the @Ttl column " + key
          + " alone", true);
    }
    List<?> columns = em.createNativeQuery(COLUMN).setParameter(1, name)
        .setParameter(2, PartitionCatalog.unquoted(expression)).getResultList();
    if (columns.isEmpty()) {
      return new NotWhole("the partition key " + key + " of " + name + " is not in the catalog", true);
    }
    Object[] columnRow = (Object[]) columns.get(0);
    String type = text(columnRow, 0).toLowerCase(Locale.ROOT);
    String cast = CASTS.get(type);
    if (cast == null) {
      return new NotWhole("the partition key " + key + " is of type " + type + ", whose bounds are not known to"
          + " compare with the cutoff as stored", true);
    }
    long references = ((Number) em.createNativeQuery(REFERENCES).setParameter(1, name).getSingleResult()).longValue();
    if (references > 0) {
      return new NotWhole(name + " is referenced by foreign keys, which a dropped partition would leave dangling",
          true);
    }
    return new Layout(quoted(name), name, PartitionCatalog.unquoted(expression), cast,
        "YES".equals(text(columnRow, 1)));
  }

  @SuppressWarnings("unchecked")
  private static List<Object[]> rows(EntityManager em, String table) {
    List<Object[]> rows = new ArrayList<>();
    for (Object row : em.createNativeQuery(PARTITIONS).setParameter(1, table).getResultList()) {
      rows.add((Object[]) row);
    }
    return rows;
  }

  @Override
  public List<Partition> partitions(EntityManager em, Layout layout) {
    List<Partition> partitions = new ArrayList<>();
    for (Object[] row : rows(em, layout.catalogName())) {
      if (text(row, 0) == null) {
        continue; // partitioned no longer
      }
      partitions.add(new Partition(text(row, 0), upperBound(text(row, 4)), false,
          text(row, 1) != null, false, number(row, 5)));
    }
    return partitions;
  }

  /** The bound of {@code VALUES LESS THAN}, unquoted; null for {@code MAXVALUE} or what it does not read. */
  static String upperBound(String description) {
    if (description == null) {
      return null;
    }
    String value = description.trim();
    if (NUMBER.matcher(value).matches()) {
      return value;
    }
    if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
      String inner = value.substring(1, value.length() - 1);
      return inner.contains("'") || inner.contains("\\") ? null : inner;
    }
    return null;
  }

  @Override
  public String boundAtOrBeforeCutoff(Layout layout) {
    return "select case when cast(?1 as " + layout.columnType() + ") <= ?2 then 1 else 0 end";
  }

  @Override
  public boolean holdsNull(EntityManager em, Layout layout, Partition partition) {
    if (!layout.nullable()) {
      return false;
    }
    List<?> found = em.createNativeQuery("select 1 from " + layout.table() + " partition (" + quoted(partition.name())
        + ") where " + quoted(layout.column()) + " is null limit 1").getResultList();
    return !found.isEmpty();
  }

  @Override
  public String keptWhole(Layout layout, Partition partition, List<Partition> partitions) {
    return partitions.size() <= 1 ? "MariaDB keeps at least one partition of a table" : null;
  }

  @Override
  public Outcome remove(Connection connection, Layout layout, Partition partition, List<Partition> partitions,
      ExpiredPartitions mode, Duration timeout) throws SQLException {
    long seconds = Math.max(1, timeout.toSeconds());
    String alter = mode == ExpiredPartitions.DROP
        ? "alter table " + layout.table() + " drop partition " + quoted(partition.name())
        : "alter table " + layout.table() + " convert partition " + quoted(partition.name()) + " to table "
            + archiveTable(layout, partition);
    try (Statement statement = connection.createStatement()) {
      if (!layout.nullable()) {
        statement.execute("set statement lock_wait_timeout = " + seconds + ", max_statement_time = " + seconds
            + " for " + alter);
        return Outcome.REMOVED;
      }
      return removeHoldingTheTable(statement, layout, partition, alter, seconds);
    } catch (SQLException e) {
      if (GONE.contains(e.getErrorCode())) {
        return Outcome.GONE;
      }
      if (NOT_NOW.contains(e.getErrorCode())) {
        return Outcome.NOT_NOW;
      }
      throw e;
    }
  }

  /**
   * For a nullable key: holds the table, looks for a row without a value in the partition, and runs its DDL only if
   * there is none, before anyone can write again. The session's waits are bounded for the lock and set back after it.
   */
  private static Outcome removeHoldingTheTable(Statement statement, Layout layout, Partition partition, String alter,
      long seconds) throws SQLException {
    long lockWait;
    long statementTime;
    try (ResultSet session = statement.executeQuery("select @@session.lock_wait_timeout,"
        + " @@session.max_statement_time")) {
      session.next();
      lockWait = session.getLong(1);
      statementTime = session.getLong(2);
    }
    statement.execute("set session lock_wait_timeout = " + seconds + ", max_statement_time = " + seconds);
    try {
      statement.execute("lock tables " + layout.table() + " write");
      try (ResultSet held = statement.executeQuery("select 1 from " + layout.table() + " partition ("
          + quoted(partition.name()) + ") where " + quoted(layout.column()) + " is null limit 1")) {
        if (held.next()) {
          return Outcome.HOLDS_NULL;
        }
      }
      statement.execute(alter);
      return Outcome.REMOVED;
    } finally {
      statement.execute("unlock tables");
      statement.execute("set session lock_wait_timeout = " + lockWait + ", max_statement_time = " + statementTime);
    }
  }

  /** The table a detached partition becomes: the table's name and the partition's, joined by an underscore. */
  static String archiveTable(Layout layout, Partition partition) {
    return quoted(layout.catalogName() + "_" + partition.name());
  }

  /** A name as MariaDB quotes it. */
  private static String quoted(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  @Override
  public String howRemoved(ExpiredPartitions mode) {
    return mode == ExpiredPartitions.DROP ? "DROP PARTITION" : "CONVERT PARTITION … TO TABLE <table>_<partition>";
  }

  @Override
  public String refusalOf(ExpiredPartitions mode, EntityManager em) {
    if (mode != ExpiredPartitions.DETACH) {
      return null;
    }
    String version = String.valueOf(em.createNativeQuery("select version()").getSingleResult());
    Matcher matcher = VERSION.matcher(version);
    if (!matcher.matches()) {
      return "MariaDB " + version + " is not known to convert a partition to a table (10.7 or later)";
    }
    int major = Integer.parseInt(matcher.group(1));
    int minor = Integer.parseInt(matcher.group(2));
    return major > 10 || major == 10 && minor >= 7 ? null
        : "MariaDB " + version + " converts no partition to a table (10.7 or later); use drop, or rows";
  }
}
