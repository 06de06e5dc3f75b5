package dev.retention.benchmarks.tenants;

import dev.retention.benchmarks.database.StatementCounter;
import dev.retention.it.support.ScratchDatabase;
import dev.retention.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.hibernate.engine.jdbc.connections.spi.MultiTenantConnectionProvider;

/**
 * A schema per tenant as applications write it: Hibernate asks for a tenant's connection and gets one whose
 * {@code search_path} (PostgreSQL) or database (MariaDB, where a schema is a database) is that tenant's, from a pool of
 * connections shared by every tenant, as an application's pooled data source gives them. Connections go through
 * {@link StatementCounter}, so that every statement, the search path's among them, is counted.
 */
final class SchemaConnections implements MultiTenantConnectionProvider<String>, AutoCloseable {

  /** Idle connections kept: more than a round and a sign-in sweep hold at once. */
  private static final int POOLED = 8;

  private final ScratchDatabase database;
  private final BlockingQueue<Connection> idle = new ArrayBlockingQueue<>(POOLED);

  SchemaConnections(ScratchDatabase database) {
    this.database = database;
  }

  /** The schema, or on MariaDB the database, that holds {@code tenant}'s table. */
  static String schemaOf(ScratchDatabase database, String tenant) {
    return database.kind() == TestDatabase.Kind.MARIADB ? database.name() + "_" + tenant : tenant;
  }

  @Override
  public Connection getAnyConnection() throws SQLException {
    Connection pooled = idle.poll();
    return pooled != null ? pooled
        : DriverManager.getConnection(StatementCounter.url(database.url()), database.user(), database.password());
  }

  @Override
  public void releaseAnyConnection(Connection connection) throws SQLException {
    if (connection.isClosed()) {
      return;
    }
    if (!connection.getAutoCommit()) {
      connection.rollback();
      connection.setAutoCommit(true);
    }
    if (!idle.offer(connection)) {
      connection.close();
    }
  }

  @Override
  public Connection getConnection(String tenant) throws SQLException {
    Connection connection = getAnyConnection();
    try {
      if (database.kind() == TestDatabase.Kind.MARIADB) {
        connection.setCatalog(schemaOf(database, tenant));
      } else {
        try (Statement statement = connection.createStatement()) {
          statement.execute("set search_path to " + schemaOf(database, tenant));
        }
      }
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
    return connection;
  }

  @Override
  public void releaseConnection(String tenant, Connection connection) throws SQLException {
    releaseAnyConnection(connection);
  }

  /** Closes the idle connections. */
  @Override
  public void close() throws SQLException {
    for (Connection connection = idle.poll(); connection != null; connection = idle.poll()) {
      connection.close();
    }
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
