package dev.retention.benchmarks.tenants;

import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The rows of {@code --modes=tenants}, loaded server-side: a table per tenant's schema (a database on MariaDB) like the
 * {@code expiring_row} Hibernate created, and the shared {@code tenant_row} of the {@code @TenantId} values. Expired
 * rows end before {@link TenantSuite#NOW}, live ones a day after it.
 */
final class TenantTables {

  private final ScratchDatabase database;

  TenantTables(ScratchDatabase database) {
    this.database = database;
  }

  static List<String> tenants(int count) {
    return IntStream.range(0, count).mapToObj(i -> String.format("t%05d", i)).collect(Collectors.toList());
  }

  /** A schema (database) per tenant, each with {@code live} rows that outlive the run. */
  void createSchemas(List<String> tenants, int live) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      for (String tenant : tenants) {
        String schema = SchemaConnections.schemaOf(database, tenant);
        statement.execute((mariaDb() ? "create database " : "create schema ") + schema);
        statement.execute(mariaDb() ? "create table " + schema + ".expiring_row like " + database.name()
            + ".expiring_row" : "create table " + schema + ".expiring_row (like public.expiring_row including all)");
        insert(statement, schema + ".expiring_row", 0, live, TenantSuite.NOW.plusSeconds(86_400), 0);
      }
    }
  }

  /** Drops the tenants' databases (MariaDB; PostgreSQL's schemas go with the scratch database). */
  void dropSchemas(List<String> tenants) throws SQLException {
    if (!mariaDb()) {
      return;
    }
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      for (String tenant : tenants) {
        statement.execute("drop database if exists " + SchemaConnections.schemaOf(database, tenant));
      }
    }
  }

  /** {@code rows} rows of {@code tenant}'s schema expired before now, with ids from {@code firstId}. */
  void expire(String tenant, long firstId, int rows) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      insert(statement, SchemaConnections.schemaOf(database, tenant) + ".expiring_row", firstId, rows,
          TenantSuite.NOW, -1);
    }
  }

  /** Rows left in {@code tenant}'s schema that expired before now. */
  long expiredLeft(String tenant) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        var result = statement.executeQuery("select count(*) from " + SchemaConnections.schemaOf(database, tenant)
            + ".expiring_row where expires_at <= " + literal(TenantSuite.NOW))) {
      result.next();
      return result.getLong(1);
    }
  }

  /** One live row for each of {@code tenants} in the shared table, and {@code expired} expired rows for each due one. */
  void loadTenantRows(List<String> tenants, List<String> due, int expired) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.execute("insert into tenant_row (id, tenant_id, expires_at) select i, "
          + (mariaDb() ? "concat('t', lpad(i - 1, 5, '0'))" : "'t' || lpad((i - 1)::text, 5, '0')") + ", "
          + literal(TenantSuite.NOW.plusSeconds(86_400)) + " from " + series(tenants.size()));
    }
    expireTenantRows(due, tenants.size() + 1L, expired);
  }

  /** {@code expired} expired rows for each of {@code due} in the shared table, with ids from {@code firstId}. */
  void expireTenantRows(List<String> due, long firstId, int expired) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      long id = firstId;
      for (String tenant : due) {
        statement.execute("insert into tenant_row (id, tenant_id, expires_at) select " + id + " + i, '" + tenant
            + "', " + literal(TenantSuite.NOW) + " - " + (mariaDb() ? "interval i minute" : "i * interval '1 minute'")
            + " from " + series(expired));
        id += expired;
      }
    }
  }

  /** Rows left in the shared table that expired before now. */
  long tenantRowsExpiredLeft() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        var result = statement.executeQuery("select count(*) from tenant_row where expires_at <= "
            + literal(TenantSuite.NOW))) {
      result.next();
      return result.getLong(1);
    }
  }

  private void insert(Statement statement, String table, long firstId, int rows, Instant at, int minutesApart)
      throws SQLException {
    if (rows == 0) {
      return;
    }
    String step = mariaDb() ? "interval (i * " + minutesApart + ") minute" : "(i * " + minutesApart
        + ") * interval '1 minute'";
    statement.execute("insert into " + table + " (id, expires_at, payload) select " + firstId + " + i, "
        + literal(at) + " + " + step + ", 'row' from " + series(rows));
  }

  private String series(int rows) {
    return mariaDb() ? "(select cast(seq as signed) as i from seq_1_to_" + rows + ") g"
        : "generate_series(1, " + rows + ") as g(i)";
  }

  /** {@code at} as a literal of the column's type: UTC, as the benchmark's factory stores an {@code Instant}. */
  private String literal(Instant at) {
    String utc = at.toString().replace('T', ' ').replace("Z", "");
    return mariaDb() ? "timestamp '" + utc + "'" : "timestamptz '" + utc + "+00'";
  }

  private boolean mariaDb() {
    return database.kind() == TestDatabase.Kind.MARIADB;
  }
}
