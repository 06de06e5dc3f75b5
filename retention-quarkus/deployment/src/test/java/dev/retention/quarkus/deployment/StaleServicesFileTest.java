package dev.retention.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.retention.runtime.RetentionConfigurationException;
import io.quarkus.test.QuarkusUnitTest;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A services file that names a registry class no longer there fails the build, naming the class and the file. */
class StaleServicesFileTest {

  @RegisterExtension
  static final QuarkusUnitTest APPLICATION = new QuarkusUnitTest()
      .withApplicationRoot((JavaArchive archive) -> archive
          .addAsResource(new StringAsset("com.acme.GoneRetentionRegistry\n"), RegistryScan.SERVICES_FILE)
          .addAsResource(new StringAsset("quarkus.datasource.db-kind=h2\n"
              + "quarkus.datasource.jdbc.url=jdbc:h2:mem:stale\n"
              + "quarkus.devservices.enabled=false\n"), "application.properties"))
      .assertException(StaleServicesFileTest::namesTheClassAndTheFile);

  @Test
  void doesNotBuild() {
    fail("the application must not build with a stale services file");
  }

  private static void namesTheClassAndTheFile(Throwable thrown) {
    Throwable cause = thrown;
    while (cause != null && !(cause instanceof RetentionConfigurationException)) {
      cause = cause.getCause();
    }
    RetentionConfigurationException problem = assertInstanceOf(RetentionConfigurationException.class, cause,
        () -> "expected a RetentionConfigurationException, got " + thrown);
    String message = problem.getMessage();
    assertTrue(message.contains("com.acme.GoneRetentionRegistry"), message);
    assertTrue(message.contains(RegistryScan.SERVICES_FILE), message);
    assertTrue(message.contains("Rebuild the module that generated it"), message);
  }
}
