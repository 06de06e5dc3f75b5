package dev.retention.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.retention.runtime.RetentionConfigurationException;
import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The same schema-per-tenant application without the customizer that names its tenants: it does not start, and the
 * runtime's message says why and how to name them, rather than sweeping the default tenant's schema alone.
 */
class SchemaTenantsNotNamedTest {

  @RegisterExtension
  static final QuarkusUnitTest APPLICATION = TenantsApplication.schemaPerTenant(false)
      .assertException(SchemaTenantsNotNamedTest::namesTheFix);

  @Test
  void doesNotStart() {
    fail("a multi-tenant application must not start without naming its tenants to the runtime");
  }

  private static void namesTheFix(Throwable thrown) {
    Throwable cause = thrown;
    while (cause != null && !(cause instanceof RetentionConfigurationException)) {
      cause = cause.getCause();
    }
    RetentionConfigurationException problem = assertInstanceOf(RetentionConfigurationException.class, cause,
        () -> "expected the runtime's RetentionConfigurationException, got " + thrown);
    String message = problem.getMessage();
    assertTrue(message.contains("The EntityManagerFactory is multi-tenant"), message);
    assertTrue(message.contains("tenants(() -> tenantIds)"), message);
  }
}
