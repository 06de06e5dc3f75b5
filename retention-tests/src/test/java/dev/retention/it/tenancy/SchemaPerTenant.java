package dev.retention.it.tenancy;

import dev.retention.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hibernate.engine.jdbc.connections.spi.MultiTenantConnectionProvider;

/**
 * A schema per tenant as applications write it: Hibernate asks for a tenant's connection, and gets one whose search
 * path (PostgreSQL), schema (H2) or database (MariaDB, where a database is a schema) is that tenant's. Each connection
 * is opened for the call and closed at its release, so that nothing is pooled between tests.
 *
 * <p>On MariaDB a tenant's database sits beside the suite's own, named after it ({@link #schemaOf}), so that
 * {@link #dropSchemas} finds every one a test created, whatever it left behind. Its name ends in a backtick and a
 * capital, which only a name quoted with its backtick doubled, and compared in its case, reaches.
 */
final class SchemaPerTenant implements MultiTenantConnectionProvider<String> {

  private final TestDatabase database;
  /** The tenants whose sessions set a time zone of their own, and the zone; none unless a suite asks. */
  private final Map<String, String> timeZones;

  SchemaPerTenant(TestDatabase database) {
    this(database, Map.of());
  }

  private SchemaPerTenant(TestDatabase database, Map<String, String> timeZones) {
    this.database = database;
    this.timeZones = timeZones;
  }

  /** The same, but the sessions of {@code tenant} set the MariaDB session's {@code time_zone} to {@code zone}. */
  SchemaPerTenant withTimeZone(String tenant, String zone) {
    return new SchemaPerTenant(database, Map.of(tenant, zone));
  }

  /** The schema of {@code tenant}: its name, or on MariaDB a database named after the suite's. */
  static String schemaOf(TestDatabase database, String tenant) {
    return database.kind() == TestDatabase.Kind.MARIADB ? database.name() + "_" + tenant + "`T" : tenant;
  }

  /** {@code tenant}'s schema as a statement names it. */
  static String quotedSchema(TestDatabase database, String tenant) {
    String schema = schemaOf(database, tenant);
    return database.kind() == TestDatabase.Kind.MARIADB ? "`" + schema.replace("`", "``") + "`" : schema;
  }

  /** The statement that makes {@code tenant}'s schema the one a connection's unqualified names resolve in. */
  static String switchTo(TestDatabase database, String tenant) {
    return switch (database.kind()) {
      case H2 -> "set schema " + tenant;
      case MARIADB -> "use " + quotedSchema(database, tenant);
      case POSTGRESQL -> "set search_path to " + tenant;
    };
  }

  /** {@code table} of {@code tenant}'s schema, as a statement of any connection names it. */
  static String qualified(TestDatabase database, String tenant, String table) {
    return quotedSchema(database, tenant) + "." + table;
  }

  /** Creates each tenant's schema with a table like {@code table} of the default schema, which Hibernate created. */
  static void createSchemas(TestDatabase database, String table, List<String> tenants) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      for (String tenant : tenants) {
        if (database.kind() == TestDatabase.Kind.MARIADB) {
          statement.execute("create database " + quotedSchema(database, tenant));
          statement.execute("create table " + qualified(database, tenant, table) + " like " + table);
          continue;
        }
        statement.execute("create schema " + tenant);
        statement.execute("create table " + tenant + "." + table + " as select * from public." + table
            + " with no data");
        statement.execute("alter table " + tenant + "." + table + " alter column id set not null");
        statement.execute("alter table " + tenant + "." + table + " add primary key (id)");
      }
    }
  }

  /**
   * Drops the tenants' databases on MariaDB, every one named after the suite's (those a failed test left half made
   * too); the other databases' schemas go with the suite's database.
   */
  static void dropSchemas(TestDatabase database) throws SQLException {
    if (database == null || database.kind() != TestDatabase.Kind.MARIADB) {
      return;
    }
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      List<String> schemas = new ArrayList<>();
      try (ResultSet rows = statement.executeQuery("select schema_name from information_schema.schemata"
          + " where schema_name like '" + database.name() + "\\_%'")) {
        while (rows.next()) {
          schemas.add(rows.getString(1));
        }
      }
      for (String schema : schemas) {
        statement.execute("drop database if exists `" + schema.replace("`", "``") + "`");
      }
    }
  }

  @Override
  public Connection getAnyConnection() throws SQLException {
    return DriverManager.getConnection(database.url(), database.user(), database.password());
  }

  @Override
  public void releaseAnyConnection(Connection connection) throws SQLException {
    connection.close();
  }

  @Override
  public Connection getConnection(String tenant) throws SQLException {
    Connection connection = getAnyConnection();
    try (Statement statement = connection.createStatement()) {
      statement.execute(switchTo(database, tenant));
      if (timeZones.containsKey(tenant)) {
        statement.execute("set time_zone = '" + timeZones.get(tenant) + "'");
      }
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
    return connection;
  }

  @Override
  public void releaseConnection(String tenant, Connection connection) throws SQLException {
    connection.close();
  }

  @Override
  public boolean supportsAggressiveRelease() {
    return false;
  }

  @Override
  public boolean isUnwrappableAs(Class<?> type) {
    return type.isInstance(this);
  }

  @Override
  public <T> T unwrap(Class<T> type) {
    return type.cast(this);
  }
}
