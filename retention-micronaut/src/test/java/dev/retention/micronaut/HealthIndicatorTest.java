package dev.retention.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.micronaut.model.FixedClock;
import dev.retention.runtime.RetentionRuntime;
import io.micronaut.context.ApplicationContext;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * The {@code retention} component of {@code /health}, over HTTP: it shows each pass's state, and a pass that fails
 * every sweep is a detail of it, never DOWN, so {@code /health} and {@code /health/readiness} stay UP and answer 200.
 */
class HealthIndicatorTest {

  private final TestApplication application = new TestApplication();

  @Test
  void aPassThatSweepsIsUp() throws Exception {
    try (ApplicationContext context = application.start(Map.of())) {
      application.insert(1, FixedClock.NOW.minusSeconds(60));
      assertEquals(1, context.getBean(RetentionRuntime.class).sweep(TestApplication.PASS).deleted());

      Map<String, Object> retention = component(Http.getJson(Http.server(context), "/health", 200));
      assertEquals("UP", retention.get("status"));
      Map<String, Object> details = details(retention);
      assertEquals("UP", details.get("state"));
      assertEquals(1, details.get("passes"));
      assertEquals(3, details.get("failuresThreshold"));
      assertEquals(Map.of(), details.get("failingPasses"));
    }
  }

  @Test
  void aFailingPassIsADetailAndLeavesHealthAndReadinessUp() throws Exception {
    try (ApplicationContext context = application.start(
        Map.of(RetentionHealthIndicator.FAILURES_THRESHOLD, "1"))) {
      application.execute("drop table session_token");
      // The failed sweep's report is a warning of the runtime's; this test reads the failure from the health instead.
      Logger reports = Logger.getLogger("dev.retention");
      Level level = reports.getLevel();
      reports.setLevel(Level.SEVERE);
      try {
        assertTrue(context.getBean(RetentionRuntime.class).sweep(TestApplication.PASS).failure().isPresent(),
            "the sweep of a dropped table fails");
      } finally {
        reports.setLevel(level);
      }

      Map<String, Object> health = Http.getJson(Http.server(context), "/health", 200);
      assertEquals("UP", health.get("status"), health::toString);
      Map<String, Object> retention = component(health);
      assertEquals("UP", retention.get("status"));
      Map<String, Object> details = details(retention);
      assertEquals("FAILING", details.get("state"));
      @SuppressWarnings("unchecked")
      Map<String, Object> failing = (Map<String, Object>) ((Map<String, Object>) details.get("failingPasses"))
          .get(TestApplication.PASS);
      assertEquals(1, failing.get("consecutiveFailures"), details::toString);
      assertTrue(failing.get("lastFailure").toString().toLowerCase().contains("session_token"), details::toString);

      Map<String, Object> readiness = Http.getJson(Http.server(context), "/health/readiness", 200);
      assertEquals("UP", readiness.get("status"), readiness::toString);
    }
  }

  @Test
  void itCanBeTurnedOffLikeMicronautsOwnIndicators() {
    try (ApplicationContext context = application.start(Map.of(RetentionHealthIndicator.ENABLED, "false"))) {
      Map<String, Object> health = Http.getJson(Http.server(context), "/health", 200);
      assertFalse(((Map<?, ?>) health.get("details")).containsKey(RetentionHealthIndicator.NAME), health::toString);
    }
  }

  /** The context's HTTP server, started as {@code Micronaut.run} starts it. */

  @SuppressWarnings("unchecked")
  private static Map<String, Object> component(Map<String, Object> health) {
    Map<String, Object> components = (Map<String, Object>) health.get("details");
    assertTrue(components.containsKey(RetentionHealthIndicator.NAME), health::toString);
    return (Map<String, Object>) components.get(RetentionHealthIndicator.NAME);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> details(Map<String, Object> component) {
    return (Map<String, Object>) component.get("details");
  }
}
