package dev.retention.quarkus.deployment.tenancy;

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
 * Creates each tenant's table (and schema, under {@code SCHEMA}) at start-up, before the application's other start-up
 * observers (the extension's, which builds the runtime, among them), as a migration tool would: Hibernate ORM's schema
 * management does not run for Quarkus's schema or database per tenant.
 */
@Singleton
public class TenantTables {

  @Inject
  TenantStorage storage;

  @Inject
  TenantDirectory tenants;

  void create(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event) throws SQLException {
    for (String tenant : tenants.ids()) {
      try (Connection connection = storage.connect(tenant); Statement statement = connection.createStatement()) {
        if (storage.schemaPerTenant()) {
          statement.execute("create schema if not exists \"" + tenant + "\"");
        }
        String table = storage.qualified(tenant, "SessionToken");
        statement.execute("create table if not exists " + table
            + " (id bigint not null primary key, expiresAt timestamp(6) with time zone)");
        statement.execute("create index if not exists " + storage.qualified(tenant, "SessionToken_expiresAt")
            + " on " + table + " (expiresAt)");
      }
    }
  }
}
