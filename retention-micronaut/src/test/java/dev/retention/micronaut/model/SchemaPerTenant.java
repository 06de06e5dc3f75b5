package dev.retention.micronaut.model;

import io.micronaut.configuration.hibernate.jpa.JpaConfiguration;
import io.micronaut.configuration.hibernate.jpa.conf.settings.SettingsSupplier;
import io.micronaut.context.annotation.Requires;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.multitenancy.exceptions.TenantNotFoundException;
import io.micronaut.multitenancy.tenantresolver.TenantResolver;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.context.spi.CurrentTenantIdentifierResolver;
import org.hibernate.engine.jdbc.connections.spi.MultiTenantConnectionProvider;

/**
 * A schema per tenant with Hibernate JPA in Micronaut, where Micronaut Data's {@code SCHEMA} mode does not reach (it
 * switches the schema of its JDBC and R2DBC operations only): Hibernate's own multi-tenancy, handed to
 * micronaut-hibernate-jpa by a settings supplier bean. A session's connection is the data source's, set to the
 * tenant's schema; a session's tenant is the one Micronaut's resolver answers for the request (the {@code tenantId}
 * header), {@code PUBLIC} outside a request.
 */
@Singleton
@Requires(property = SchemaPerTenant.PROPERTY, value = "true")
public class SchemaPerTenant implements SettingsSupplier {

  public static final String PROPERTY = "test.schema-per-tenant";
  static final String NO_TENANT = "PUBLIC";

  private final DataSource dataSource;
  private final TenantResolver tenantResolver;

  SchemaPerTenant(DataSource dataSource, DataSourceResolver dataSourceResolver, TenantResolver tenantResolver) {
    // The pool itself, as Hibernate is given it: the bean hands out the connection of Micronaut's current transaction.
    this.dataSource = dataSourceResolver.resolve(dataSource);
    this.tenantResolver = tenantResolver;
  }

  @Override
  public Map<String, Object> supply(JpaConfiguration jpaConfiguration) {
    return Map.of(AvailableSettings.MULTI_TENANT_CONNECTION_PROVIDER, new Connections(),
        AvailableSettings.MULTI_TENANT_IDENTIFIER_RESOLVER, new Resolver());
  }

  /** Each tenant's connections: the data source's, in the tenant's schema until they go back to the pool. */
  private final class Connections implements MultiTenantConnectionProvider<String> {

    @Override
    public Connection getAnyConnection() throws SQLException {
      return dataSource.getConnection();
    }

    @Override
    public void releaseAnyConnection(Connection connection) throws SQLException {
      connection.close();
    }

    @Override
    public Connection getConnection(String tenant) throws SQLException {
      Connection connection = dataSource.getConnection();
      try {
        connection.setSchema(tenant);
      } catch (SQLException e) {
        connection.close();
        throw e;
      }
      return connection;
    }

    @Override
    public void releaseConnection(String tenant, Connection connection) throws SQLException {
      try {
        connection.setSchema(NO_TENANT);
      } finally {
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

  /** The request's tenant, as Micronaut resolves it. */
  private final class Resolver implements CurrentTenantIdentifierResolver<String> {

    @Override
    public String resolveCurrentTenantIdentifier() {
      try {
        return tenantResolver.resolveTenantIdentifier().toString();
      } catch (TenantNotFoundException outsideARequest) {
        return NO_TENANT;
      }
    }

    @Override
    public boolean validateExistingCurrentSessions() {
      return false;
    }
  }
}
