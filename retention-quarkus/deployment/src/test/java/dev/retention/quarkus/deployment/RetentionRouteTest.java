package dev.retention.quarkus.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.health.RetentionView;
import dev.retention.runtime.health.SweepHistory;
import io.quarkus.test.QuarkusUnitTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code /q/retention} over HTTP, as a Quarkus user reads it: the runtime's view, every option and every fact of the
 * latest report, the same as the Spring Boot endpoint.
 */
class RetentionRouteTest {

  @RegisterExtension
  static final QuarkusUnitTest APPLICATION = TestApplication.withProperties(
      "quarkus.retention.enabled=false",
      "retention." + TestApplication.PASS + ".batch-size=7");

  @Inject
  RetentionRuntime retention;

  @Inject
  SweepHistory history;

  @Test
  void everyPassWithEveryOptionAndEveryFactOfItsLastReport() {
    retention.sweep(TestApplication.PASS);

    JsonPath all = given().when().get("/q/retention").then().statusCode(200).extract().jsonPath();
    Map<String, Object> pass = all.getMap("passes.'" + TestApplication.PASS + "'");
    assertEquals(TestApplication.PASS, pass.get("entity"));
    Map<?, ?> settings = (Map<?, ?>) pass.get("settings");
    for (RetentionOption option : RetentionOption.values()) {
      assertTrue(settings.containsKey(option.key()), () -> option.key() + " is missing from " + settings);
    }
    assertEquals(7, settings.get("batch-size"));
    Map<?, ?> report = (Map<?, ?>) pass.get("lastReport");
    for (String fact : RetentionView.REPORT_FACTS) {
      assertTrue(report.containsKey(fact), () -> fact + " is missing from " + report);
    }
    assertEquals(false, report.get("skipped"));
  }

  @Test
  void onePassByNameShowsASkippedSweepAsItsLatestAndAnUnknownNameIsNotFound() {
    // H2 takes no pass lock: the skipped sweep PostgreSQL or MariaDB would report is handed to the history.
    Instant at = Instant.parse("2031-01-01T00:00:00Z");
    history.sweepFinished(SweepReport.builder(TestApplication.PASS, at, at).skipped(true).build());

    given().when().get("/q/retention/" + TestApplication.PASS).then()
        .statusCode(200)
        .body("entity", is(TestApplication.PASS))
        .body("lastReport.skipped", is(true))
        .body("lastReport.startedAt", is(at.toString()));
    given().when().get("/q/retention/com.example.NoSuchEntity").then()
        .statusCode(404)
        .body("problem", containsString(TestApplication.PASS));
  }
}
