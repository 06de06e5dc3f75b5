package dev.retention.quarkus.deployment;

import dev.retention.quarkus.deployment.model.SessionToken;
import io.quarkus.test.QuarkusUnitTest;
import java.nio.file.Path;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;

/** The application each extension test starts: the test model, compiled with the retention processor, on H2. */
final class TestApplication {

  static final String PASS = SessionToken.class.getName();

  private TestApplication() {}

  /** An application on its own in-memory H2 database, with {@code properties} added to its configuration. */
  static QuarkusUnitTest withProperties(String... properties) {
    StringBuilder configuration = new StringBuilder()
        .append("quarkus.datasource.db-kind=h2\n")
        .append("quarkus.datasource.jdbc.url=jdbc:h2:mem:").append(Long.toHexString(System.nanoTime()))
        .append(";DB_CLOSE_DELAY=-1\n")
        .append("quarkus.devservices.enabled=false\n")
        .append("quarkus.hibernate-orm.schema-management.strategy=drop-and-create\n");
    for (String property : properties) {
      configuration.append(property).append('\n');
    }
    String text = configuration.toString();
    return new QuarkusUnitTest().withApplicationRoot((JavaArchive archive) -> archive
        .addClass(TestApplication.class)
        .addPackage(SessionToken.class.getPackage())
        .addAsResource(Path.of("target/test-classes", RegistryScan.SERVICES_FILE).toFile(),
            RegistryScan.SERVICES_FILE)
        .addAsResource("import.sql")
        .addAsResource(new StringAsset(text), "application.properties"));
  }
}
