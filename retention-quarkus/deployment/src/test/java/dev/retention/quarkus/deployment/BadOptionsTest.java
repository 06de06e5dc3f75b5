package dev.retention.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.retention.runtime.RetentionConfigurationException;
import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Bad {@code retention.*} options in application.properties stop start-up with the runtime's own message. */
class BadOptionsTest {

  @RegisterExtension
  static final QuarkusUnitTest APPLICATION = TestApplication.withProperties(
          "retention.defaults.batch-size=0",
          "retention.com.acme.Missing.dry-run=true")
      .assertException(BadOptionsTest::namesEveryProblem);

  @Test
  void doesNotStart() {
    fail("the application must not start with bad retention options");
  }

  private static void namesEveryProblem(Throwable thrown) {
    Throwable cause = thrown;
    while (cause != null && !(cause instanceof RetentionConfigurationException)) {
      cause = cause.getCause();
    }
    RetentionConfigurationException problem = assertInstanceOf(RetentionConfigurationException.class, cause,
        () -> "expected the runtime's RetentionConfigurationException, got " + thrown);
    String message = problem.getMessage();
    assertTrue(message.contains("retention.defaults.batch-size") && message.contains("0"), message);
    assertTrue(message.contains("retention.com.acme.Missing.dry-run"), message);
  }
}
