package dev.retention.quarkus.deployment.tenancy;

import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.DataSource;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where each tenant's rows are, as Quarkus's multi-tenancy finds them: under {@code SCHEMA}, the schema named after
 * the tenant in the one datasource; under {@code DATABASE}, the datasource named after the tenant.
 */
@Singleton
public class TenantStorage {

  @ConfigProperty(name = "quarkus.hibernate-orm.multitenant")
  String strategy;

  @Inject
  @Any
  Instance<AgroalDataSource> dataSources;

  /** Whether each tenant has a schema of its own in one database, rather than a database of its own. */
  public boolean schemaPerTenant() {
    return strategy.equalsIgnoreCase("SCHEMA");
  }

  /** A connection to the tenant's database. */
  public Connection connect(String tenant) throws SQLException {
    return schemaPerTenant()
        ? dataSources.get().getConnection()
        : dataSources.select(new DataSource.DataSourceLiteral(tenant)).get().getConnection();
  }

  /** The tenant's table or index {@code name}, as a statement on {@link #connect}'s connection names it. */
  public String qualified(String tenant, String name) {
    return schemaPerTenant() ? "\"" + tenant + "\"." + name : name;
  }
}
