package dev.retention.it.tenancy;

import dev.retention.it.support.TestDatabase;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A routing data source as applications write one without Hibernate's multi-tenancy: the tenant is a key the
 * application sets for the thread, and each connection is opened in that tenant's schema (the default schema when no
 * key is set). Hibernate knows nothing of tenants here.
 */
final class RoutingDataSource implements DataSource {

  static final ThreadLocal<String> TENANT = new ThreadLocal<>();

  private final TestDatabase database;

  RoutingDataSource(TestDatabase database) {
    this.database = database;
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection connection = DriverManager.getConnection(database.url(), database.user(), database.password());
    String tenant = TENANT.get();
    if (tenant != null) {
      try (Statement statement = connection.createStatement()) {
        statement.execute(SchemaPerTenant.switchTo(database, tenant));
      } catch (SQLException e) {
        connection.close();
        throw e;
      }
    }
    return connection;
  }

  @Override
  public Connection getConnection(String user, String password) throws SQLException {
    return getConnection();
  }

  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(PrintWriter out) {}

  @Override
  public void setLoginTimeout(int seconds) {}

  @Override
  public int getLoginTimeout() {
    return 0;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("no parent logger");
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    throw new SQLException("not a wrapper");
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return false;
  }
}
