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
 * An application on Quarkus's schema-per-tenant multi-tenancy, on its own in-memory H2 database: a schema per tenant,
 * created at start-up, the tenant of each request from its header, the tenants listed in its configuration.
 */
final class SchemaTenantsApplication {

  static final String PASS = SessionToken.class.getName();

  static final List<String> TENANTS = List.of("base", "tenant_b", "tenant_c");

  private SchemaTenantsApplication() {}

  /**
   * The application of the tenancy package with {@code properties} added; with its customizer that names the tenants
   * to the runtime only where {@code tenantsNamed}.
   */
  static QuarkusUnitTest application(boolean tenantsNamed, String... properties) {
    StringBuilder configuration = new StringBuilder()
        .append("quarkus.datasource.db-kind=h2\n")
        .append("quarkus.datasource.jdbc.url=jdbc:h2:mem:").append(Long.toHexString(System.nanoTime()))
        // Hibernate ORM connects as the default tenant while it starts, before the start-up beans create the schemas.
        .append(";DB_CLOSE_DELAY=-1;INIT=CREATE SCHEMA IF NOT EXISTS \"").append(TENANTS.get(0)).append("\"\n")
        .append("quarkus.devservices.enabled=false\n")
        .append("quarkus.hibernate-orm.multitenant=SCHEMA\n")
        .append("quarkus.hibernate-orm.schema-management.strategy=none\n")
        .append("app.tenants=").append(String.join(",", TENANTS)).append('\n');
    for (String property : properties) {
      configuration.append(property).append('\n');
    }
    String text = configuration.toString();
    return new QuarkusUnitTest().withApplicationRoot((JavaArchive archive) -> {
      archive.addClass(SchemaTenantsApplication.class)
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
