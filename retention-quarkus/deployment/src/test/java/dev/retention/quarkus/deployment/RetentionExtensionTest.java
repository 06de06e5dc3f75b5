package dev.retention.quarkus.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.quarkus.deployment.model.FirstSweeps;
import dev.retention.quarkus.deployment.model.FixedClock;
import dev.retention.quarkus.deployment.model.TestCustomizer;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An application with the extension, on H2: the registry found at build time, options from application.properties, the
 * application's clock and listener beans, sweepers started with the application and closed with it, the wellness
 * check.
 */
class RetentionExtensionTest {

  @RegisterExtension
  static final QuarkusUnitTest APPLICATION = TestApplication.withProperties(
          "retention.defaults.max-startup-stagger=0s",
          "retention.defaults.batch-size=25")
      .setAfterAllCustomizer(RetentionExtensionTest::closedWithTheApplication);

  @Inject
  RetentionRuntime retention;

  @Inject
  FirstSweeps sweeps;

  @Inject
  EntityManagerFactory emf;

  @Inject
  MeterRegistry meters;

  @Test
  void findsThePassThroughTheRegistryFoundAtBuildTime() {
    assertEquals(List.of(TestApplication.PASS), retention.passes().stream().map(RetentionPass::name).toList());
  }

  @Test
  void appliesTheApplicationsCustomizerBeans() {
    assertEquals(TestCustomizer.MAX_BATCHES_PER_SCOPE, retention.settings(TestApplication.PASS).maxBatchesPerScope());
  }

  @Test
  void takesOptionsFromApplicationProperties() {
    assertEquals(25, retention.settings(TestApplication.PASS).batchSize());
    assertTrue(retention.settings(TestApplication.PASS).batchSizeFixed());
  }

  @Test
  void sweepsInTheBackgroundOnceStartedWithTheApplication() throws Exception {
    SweepReport first = sweeps.first().get(30, TimeUnit.SECONDS);

    assertTrue(first.succeeded(), () -> "the first sweep failed: " + first);
    assertEquals(FixedClock.NOW, first.cutoff(), "the cutoff comes from the application's Clock bean");
    assertEquals(3, first.deleted());
    assertEquals(List.of(4L, 5L), remainingIds());
  }

  @Test
  void recordsMicrometerMetersWithQuarkusMicrometer() throws Exception {
    sweeps.first().get(30, TimeUnit.SECONDS);

    Counter deleted = meters.find("retention.rows.deleted").tag("pass", TestApplication.PASS).counter();
    assertNotNull(deleted, "retention.rows.deleted for the pass");
    assertEquals(3.0, deleted.count());
    assertNotNull(meters.find("retention.pass.info").tag("pass", TestApplication.PASS).gauge(),
        "the meters made when the runtime was built, before its first sweep");
    assertEquals(0.0, meters.get("retention.consecutive.failures").tag("pass", TestApplication.PASS).gauge().value());
  }

  @Test
  void reportsThePassesInTheWellnessCheckAndNothingInReadiness() throws Exception {
    sweeps.first().get(30, TimeUnit.SECONDS);

    given().when().get("/q/health/well").then()
        .statusCode(200)
        .body("checks.find { it.name == 'Retention' }.status", is("UP"))
        .body("checks.find { it.name == 'Retention' }.data.passes", is(1))
        .body("checks.find { it.name == 'Retention' }.data.failuresThreshold", is(3));
    given().when().get("/q/health/ready").then()
        .statusCode(200)
        .body("checks.findAll { it.name == 'Retention' }", empty());
  }

  private List<Long> remainingIds() {
    try (EntityManager em = emf.createEntityManager()) {
      return em.createQuery("select t.id from SessionToken t order by t.id", Long.class).getResultList();
    }
  }

  /**
   * Runs once the application has stopped: the runtime was closed with it, so its sweeper threads have ended (a
   * runtime left open keeps them waiting for the next sweep, an hour away).
   */
  private static void closedWithTheApplication() {
    List<Thread> sweepers = Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.getName().startsWith("retention-sweeper-"))
        .toList();
    for (Thread sweeper : sweepers) {
      try {
        sweeper.join(Duration.ofSeconds(10).toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting for " + sweeper.getName() + " to end", e);
      }
      assertFalse(sweeper.isAlive(), () -> sweeper.getName() + " still runs after the application stopped");
    }
  }
}
