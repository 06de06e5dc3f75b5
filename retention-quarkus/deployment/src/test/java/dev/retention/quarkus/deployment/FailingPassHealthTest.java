package dev.retention.quarkus.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsStringIgnoringCase;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.RetentionRuntime;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A pass that fails every sweep, over HTTP: the wellness check ({@code /q/health/well}) is DOWN and names it, while
 * readiness and liveness stay UP, so the service stays in rotation. Every replica shares the database: a readiness
 * check that failed here would take all of them out at once, for housekeeping. Before, the check was a readiness check
 * and {@code /q/health/ready} answered 503.
 */
class FailingPassHealthTest {

  @RegisterExtension
  static final QuarkusUnitTest APPLICATION = TestApplication.withProperties(
      "quarkus.retention.enabled=false",
      "quarkus.retention.health.failures-threshold=1");

  @Inject
  RetentionRuntime retention;

  @Inject
  EntityManager em;

  @Test
  void aFailingPassIsDownInWellnessAndLeavesReadinessAndLivenessUp() {
    QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("drop table SessionToken").executeUpdate());
    assertTrue(retention.sweep(TestApplication.PASS).failure().isPresent(), "the sweep of a dropped table fails");

    given().when().get("/q/health/ready").then()
        .statusCode(200)
        .body("status", is("UP"))
        .body("checks.findAll { it.name == 'Retention' }", empty());
    given().when().get("/q/health/live").then()
        .statusCode(200)
        .body("status", is("UP"));
    given().when().get("/q/health/well").then()
        .statusCode(503)
        .body("checks.find { it.name == 'Retention' }.status", is("DOWN"))
        .body("checks.find { it.name == 'Retention' }.data.'" + TestApplication.PASS + ".consecutiveFailures'", is(1))
        .body("checks.find { it.name == 'Retention' }.data.'" + TestApplication.PASS + ".lastFailure'",
            containsStringIgnoringCase("sessiontoken"));
  }
}
