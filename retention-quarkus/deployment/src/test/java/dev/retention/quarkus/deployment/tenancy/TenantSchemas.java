package dev.retention.quarkus.deployment.tenancy;

import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.interceptor.Interceptor;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Creates each tenant's schema and its table at start-up, before the application's other start-up observers (the
 * extension's, which builds the runtime, among them), as a migration tool would: Hibernate ORM's schema management
 * does not run for Quarkus's schema-per-tenant mode.
 */
@Singleton
public class TenantSchemas {

  @Inject
  AgroalDataSource dataSource;

  @Inject
  TenantDirectory tenants;

  void create(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event) throws SQLException {
    try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
      for (String tenant : tenants.ids()) {
        statement.execute("create schema if not exists \"" + tenant + "\"");
        statement.execute("create table if not exists \"" + tenant + "\".SessionToken"
            + " (id bigint not null primary key, expiresAt timestamp(6) with time zone)");
        statement.execute("create index if not exists \"" + tenant + "\".SessionToken_expiresAt"
            + " on \"" + tenant + "\".SessionToken (expiresAt)");
      }
    }
  }
}
