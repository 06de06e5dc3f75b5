package dev.retention.it.tenancy;

import dev.retention.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.hibernate.engine.jdbc.connections.spi.MultiTenantConnectionProvider;

/**
 * A schema per tenant as applications write it: Hibernate asks for a tenant's connection, and gets one whose search
 * path (PostgreSQL) or schema (H2) is that tenant's. Each connection is opened for the call and closed at its release,
 * so that nothing is pooled between tests.
 */
final class SchemaPerTenant implements MultiTenantConnectionProvider<String> {

  private final TestDatabase database;

  SchemaPerTenant(TestDatabase database) {
    this.database = database;
  }

  /** Creates each tenant's schema with a table like {@code table} of the default schema, which Hibernate created. */
  static void createSchemas(TestDatabase database, String table, List<String> tenants) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      for (String tenant : tenants) {
        statement.execute("create schema " + tenant);
        statement.execute("create table " + tenant + "." + table + " as select * from public." + table
            + " with no data");
        statement.execute("alter table " + tenant + "." + table + " alter column id set not null");
        statement.execute("alter table " + tenant + "." + table + " add primary key (id)");
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
      statement.execute(database.kind() == TestDatabase.Kind.H2 ? "set schema " + tenant
          : "set search_path to " + tenant);
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
