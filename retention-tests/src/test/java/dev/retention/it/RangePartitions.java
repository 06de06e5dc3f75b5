package dev.retention.it;

import dev.retention.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * What a migration does to a table Hibernate created: the same columns, in a table partitioned by range on one column
 * (PostgreSQL declarative {@code RANGE}, MariaDB {@code RANGE} for integers and {@code RANGE COLUMNS} for dates). The
 * partitions are named {@code <table>_p0}, {@code <table>_p1}, … in the order of their bounds, and the catch-all
 * {@code <table>_default} (PostgreSQL's default partition) or {@code <table>_pmax} ({@code MAXVALUE}, MariaDB).
 */
final class RangePartitions {

  private static final DateTimeFormatter WALL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

  private RangePartitions() {}

  /**
   * Replaces {@code table} with one partitioned on {@code column}, partition {@code i} holding the values below
   * {@code bounds[i]} (and at or above the bound before it).
   *
   * @param bounds upper bounds: {@code Instant}s, {@code LocalDateTime}s or {@code Long}s
   * @param catchAll whether a default (PostgreSQL) or {@code MAXVALUE} (MariaDB) partition takes the values above them
   */
  static void partition(TestDatabase database, String table, String column, List<?> bounds, boolean catchAll)
      throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      for (String sql : statements(database.kind(), table, column, bounds, catchAll)) {
        statement.execute(sql);
      }
    }
  }

  static List<String> statements(TestDatabase.Kind kind, String table, String column, List<?> bounds,
      boolean catchAll) {
    List<String> sql = new ArrayList<>();
    if (kind == TestDatabase.Kind.POSTGRESQL) {
      sql.add("alter table " + table + " rename to " + table + "_before");
      sql.add("create table " + table + " (like " + table + "_before including defaults) partition by range ("
          + column + ")");
      String lower = "minvalue";
      for (int i = 0; i < bounds.size(); i++) {
        String upper = literal(kind, bounds.get(i));
        sql.add("create table " + table + "_p" + i + " partition of " + table + " for values from (" + lower
            + ") to (" + upper + ")");
        lower = upper;
      }
      if (catchAll) {
        sql.add("create table " + table + "_default partition of " + table + " default");
      }
      sql.add("drop table " + table + "_before");
      return sql;
    }
    boolean integers = bounds.get(0) instanceof Long;
    List<String> partitions = new ArrayList<>();
    for (int i = 0; i < bounds.size(); i++) {
      Object bound = bounds.get(i);
      partitions.add("partition " + table + "_p" + i + " values less than (" + (integers ? bound : literal(kind, bound))
          + ")");
    }
    if (catchAll) {
      partitions.add("partition " + table + "_pmax values less than (maxvalue)");
    }
    sql.add("alter table " + table + " drop primary key");
    sql.add("alter table " + table + " partition by range " + (integers ? "(" : "columns (") + column + ") ("
        + String.join(", ", partitions) + ")");
    return sql;
  }

  /**
   * A bound as SQL writes it: a quoted wall-clock time, or a number. An instant is its UTC time, as Hibernate stores it
   * with {@code hibernate.jdbc.time_zone = UTC}, with its offset on PostgreSQL's {@code timestamp with time zone}.
   */
  static String literal(TestDatabase.Kind kind, Object bound) {
    if (bound instanceof Instant instant) {
      return "'" + WALL.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC))
          + (kind == TestDatabase.Kind.POSTGRESQL ? "+00'" : "'");
    }
    if (bound instanceof LocalDateTime wallClock) {
      return "'" + WALL.format(wallClock) + "'";
    }
    return "'" + bound + "'";
  }

  /** The names of the partitions of {@code table} attached now, sorted. */
  static List<String> attached(TestDatabase database, String table) throws SQLException {
    String sql = database.kind() == TestDatabase.Kind.POSTGRESQL
        ? "select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = '" + table
            + "'::regclass and not i.inhdetachpending order by 1"
        : "select partition_name from information_schema.partitions where table_schema = database() and table_name"
            + " = '" + table + "' order by 1";
    List<String> names = new ArrayList<>();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      while (rows.next()) {
        names.add(rows.getString(1));
      }
    }
    return names;
  }

  /** Refreshes the statistics the catalog estimates partitions' rows from. */
  static void analyze(TestDatabase database, String table) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute((database.kind() == TestDatabase.Kind.POSTGRESQL ? "analyze " : "analyze table ") + table);
    }
  }

  /** Whether a table of that name exists (a detached partition kept as a table). */
  static boolean tableExists(TestDatabase database, String table) throws SQLException {
    String sql = database.kind() == TestDatabase.Kind.POSTGRESQL
        ? "select count(*) from pg_class where relname = '" + table + "' and relkind = 'r'"
        : "select count(*) from information_schema.tables where table_schema = database() and table_name = '" + table
            + "'";
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      rows.next();
      return rows.getLong(1) > 0;
    }
  }
}
