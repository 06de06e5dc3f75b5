package dev.retention.quarkus.deployment;

import dev.retention.quarkus.deployment.model.SessionToken;
import dev.retention.quarkus.deployment.tenancy.RetentionTenants;
import dev.retention.quarkus.deployment.tenancy.TenantDirectory;
import io.quarkus.test.QuarkusUnitTest;
import java.nio.file.Path;
import java.util.List;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;

/**
 * An application on Quarkus's multi-tenancy, on in-memory H2 databases of its own: each tenant's table created at
 * start-up, the tenant of each request from its header, the tenants listed in its configuration.
 */
final class TenantsApplication {

  static final List<String> TENANTS = List.of("base", "tenant_b", "tenant_c");

  private TenantsApplication() {}

  /**
   * {@code quarkus.hibernate-orm.multitenant=SCHEMA}: a schema per tenant in one database. With the customizer that
   * names the tenants to the runtime only where {@code tenantsNamed}.
   */
  static QuarkusUnitTest schemaPerTenant(boolean tenantsNamed, String... properties) {
    String database = Long.toHexString(System.nanoTime());
    return application(tenantsNamed, properties, "quarkus.hibernate-orm.multitenant=SCHEMA\n"
        + "quarkus.datasource.db-kind=h2\n"
        // Hibernate ORM connects as the default tenant while it starts, before the start-up beans create the schemas.
        + "quarkus.datasource.jdbc.url=jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1;INIT=CREATE SCHEMA IF NOT EXISTS \""
        + TENANTS.get(0) + "\"\n");
  }

  /**
   * {@code quarkus.hibernate-orm.multitenant=DATABASE}: a datasource per tenant, named after it, the default tenant's
   * the persistence unit's.
   */
  static QuarkusUnitTest databasePerTenant(boolean tenantsNamed, String... properties) {
    StringBuilder dataSources = new StringBuilder("quarkus.hibernate-orm.multitenant=DATABASE\n")
        .append("quarkus.hibernate-orm.datasource=").append(TENANTS.get(0)).append('\n');
    String database = Long.toHexString(System.nanoTime());
    for (String tenant : TENANTS) {
      dataSources.append("quarkus.datasource.").append(tenant).append(".db-kind=h2\n")
          .append("quarkus.datasource.").append(tenant).append(".jdbc.url=jdbc:h2:mem:").append(database).append('-')
          .append(tenant).append(";DB_CLOSE_DELAY=-1\n");
    }
    return application(tenantsNamed, properties, dataSources.toString());
  }

  private static QuarkusUnitTest application(boolean tenantsNamed, String[] properties, String dataSources) {
    StringBuilder configuration = new StringBuilder(dataSources)
        .append("quarkus.devservices.enabled=false\n")
        .append("quarkus.hibernate-orm.schema-management.strategy=none\n")
        .append("app.tenants=").append(String.join(",", TENANTS)).append('\n');
    for (String property : properties) {
      configuration.append(property).append('\n');
    }
    String text = configuration.toString();
    return new QuarkusUnitTest().withApplicationRoot((JavaArchive archive) -> {
      archive.addClasses(TenantsApplication.class, TenantsContract.class)
          .addPackage(SessionToken.class.getPackage())
          .addPackage(TenantDirectory.class.getPackage())
          .addAsResource(Path.of("target/test-classes", RegistryScan.SERVICES_FILE).toFile(),
              RegistryScan.SERVICES_FILE)
          .addAsResource(new StringAsset(text), "application.properties");
      if (!tenantsNamed) {
        archive.deleteClass(RetentionTenants.class);
      }
    });
  }
}
