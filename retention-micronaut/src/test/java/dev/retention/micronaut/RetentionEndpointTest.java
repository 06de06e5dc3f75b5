package dev.retention.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.micronaut.model.FixedClock;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.health.RetentionView;
import dev.retention.runtime.health.SweepHistory;
import io.micronaut.context.ApplicationContext;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code /retention} over HTTP, as a Micronaut user reads it: the runtime's view, every option and every fact of the
 * latest report, the same as the Spring Boot endpoint and Quarkus's {@code /q/retention}.
 */
class RetentionEndpointTest {

  private static final Map<String, Object> OPEN = Map.of(
      "endpoints.retention.sensitive", "false",
      "retention." + TestApplication.PASS + ".batch-size", "7");

  private final TestApplication application = new TestApplication();

  @Test
  void everyPassWithEveryOptionAndEveryFactOfItsLastReport() throws Exception {
    try (ApplicationContext context = application.start(OPEN)) {
      application.insert(1, FixedClock.NOW.minusSeconds(60));
      context.getBean(RetentionRuntime.class).sweep(TestApplication.PASS);

      Map<String, Object> passes = map(Http.getJson(Http.server(context), "/retention", 200).get("passes"));
      Map<String, Object> pass = map(passes.get(TestApplication.PASS));
      assertEquals(TestApplication.PASS, pass.get("entity"));
      Map<String, Object> settings = map(pass.get("settings"));
      for (RetentionOption option : RetentionOption.values()) {
        assertTrue(settings.containsKey(option.key()), () -> option.key() + " is missing from " + settings);
      }
      assertEquals(7, settings.get("batch-size"));
      Map<String, Object> report = map(pass.get("lastReport"));
      for (String fact : RetentionView.REPORT_FACTS) {
        assertTrue(report.containsKey(fact), () -> fact + " is missing from " + report);
      }
      assertEquals(1, report.get("deleted"));
      assertEquals(false, report.get("skipped"));
    }
  }

  @Test
  void onePassByNameShowsASkippedSweepAsItsLatestAndAnUnknownNameIsNotFound() {
    try (ApplicationContext context = application.start(OPEN)) {
      // H2 takes no pass lock: the skipped sweep PostgreSQL or MariaDB would report is handed to the history.
      Instant at = Instant.parse("2031-01-01T00:00:00Z");
      context.getBean(SweepHistory.class)
          .sweepFinished(SweepReport.builder(TestApplication.PASS, at, at).skipped(true).build());

      Map<String, Object> pass = Http.getJson(Http.server(context), "/retention/" + TestApplication.PASS, 200);
      assertEquals(TestApplication.PASS, pass.get("entity"));
      Map<String, Object> report = map(pass.get("lastReport"));
      assertEquals(true, report.get("skipped"));
      assertEquals(at.toString(), report.get("startedAt"));
      Http.getJson(Http.server(context), "/retention/com.example.NoSuchEntity", 404);
    }
  }

  @Test
  void itIsSensitiveUnlessOpenedAsMicronautsOwnEndpointsAre() {
    try (ApplicationContext context = application.start(Map.of())) {
      assertEquals(401, Http.get(Http.server(context), "/retention").statusCode());
    }
  }

  /** The context's HTTP server, started as {@code Micronaut.run} starts it. */

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    assertTrue(value instanceof Map, () -> "not an object: " + value);
    return (Map<String, Object>) value;
  }
}
