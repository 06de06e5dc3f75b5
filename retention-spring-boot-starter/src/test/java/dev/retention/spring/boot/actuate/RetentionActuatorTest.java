package dev.retention.spring.boot.actuate;

import static dev.retention.spring.boot.support.JpaContexts.AUDIT_ENTRY;
import static dev.retention.spring.boot.support.JpaContexts.NOW;
import static dev.retention.spring.boot.support.JpaContexts.SESSION_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.health.SweepHistory;
import dev.retention.spring.boot.RetentionRuntimeCustomizer;
import dev.retention.spring.boot.model.SessionToken;
import dev.retention.spring.boot.support.JpaContexts;
import dev.retention.spring.boot.support.TestData;
import jakarta.persistence.EntityManagerFactory;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.json.JsonMapper;

class RetentionActuatorTest {

  private final ApplicationContextRunner runner = JpaContexts.runner()
      // Boot's health endpoint, with the ping indicator every application has.
      .withConfiguration(AutoConfigurations.of(HealthContributorAutoConfiguration.class,
          HealthContributorRegistryAutoConfiguration.class, HealthEndpointAutoConfiguration.class))
      .withUserConfiguration(JpaContexts.FixedClock.class)
      .withPropertyValues("management.endpoints.web.exposure.include=health,retention");

  @Test
  void theEndpointListsEachPassWithItsSettingsAndLastReport() {
    runner.withPropertyValues("retention.defaults.batch-size=2", "retention." + AUDIT_ENTRY + ".dry-run=true")
        .run(context -> {
          EntityManagerFactory emf = context.getBean(EntityManagerFactory.class);
          TestData.persist(emf, List.of(
              new SessionToken(1, NOW.minusSeconds(3)),
              new SessionToken(2, NOW.minusSeconds(2)),
              new SessionToken(3, NOW.minusSeconds(1)),
              new SessionToken(4, NOW.plusSeconds(60))));
          context.getBean(RetentionRuntime.class).sweep(SESSION_TOKEN);

          Map<String, Object> passes = passesOf(context.getBean(RetentionEndpoint.class).passes());

          assertThat(passes).containsOnlyKeys(AUDIT_ENTRY, SESSION_TOKEN);
          Map<String, Object> session = view(passes.get(SESSION_TOKEN));
          assertThat(session.get("entity")).isEqualTo(SESSION_TOKEN);
          assertThat(view(session.get("settings")))
              .containsEntry("enabled", true)
              .containsEntry("retention", "0")
              .containsEntry("retention-source", "annotation")
              .containsEntry("batch-size", 2)
              .containsEntry("sweep-interval", "1h")
              .containsEntry("effective-interval", "1h")
              .containsEntry("dry-run", false)
              .containsEntry("max-batches-per-scope", 10)
              .containsEntry("scope-sweep-budget", "200ms")
              .containsEntry("expired-partitions", "rows")
              .containsEntry("min-retention", "1h")
              .containsEntry("epoch-check", true);
          assertThat(session.get("consecutiveFailures")).isEqualTo(0);
          assertThat(session.get("sweepInFlight")).as("no sweep under way").isEqualTo(Map.of());
          Map<String, Object> report = view(session.get("lastReport"));
          assertThat(report)
              .containsEntry("startedAt", NOW.toString())
              .containsEntry("cutoff", NOW.toString())
              .containsEntry("deleted", 3L)
              .containsEntry("batches", 2)
              .containsEntry("workRemains", false)
              .containsEntry("skipped", false)
              .containsEntry("lag", "")
              .containsEntry("failure", "");

          Map<String, Object> audit = view(passes.get(AUDIT_ENTRY));
          assertThat(view(audit.get("settings"))).containsEntry("retention", "1d").containsEntry("dry-run", true)
              .containsEntry("effective-interval", "1h");
          assertThat(audit).as("not swept yet").doesNotContainKey("lastReport");
        });
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> view(Object value) {
    assertThat(value).isInstanceOf(Map.class);
    return (Map<String, Object>) value;
  }

  private static Map<String, Object> passesOf(Map<String, Object> response) {
    return view(response.get("passes"));
  }

  @Test
  void theEndpointsResponseReadsAsJson() {
    runner.run(context -> {
      context.getBean(RetentionRuntime.class).sweep(SESSION_TOKEN);

      String json = JsonMapper.builder().build().writeValueAsString(context.getBean(RetentionEndpoint.class).passes());

      assertThat(json)
          .contains("{\"passes\":{\"" + AUDIT_ENTRY + "\":{\"entity\":\"" + AUDIT_ENTRY
              + "\",\"settings\":{\"enabled\":true,")
          .contains("\"lastReport\":{\"pass\":\"" + SESSION_TOKEN + "\",\"startedAt\":\"2030-01-01T00:00:00Z\","
              + "\"cutoff\":\"2030-01-01T00:00:00Z\","
              + "\"deleted\":0,\"batches\":0,\"workRemains\":false,\"dryRun\":false,\"duration\":\"PT");
    });
  }

  @Test
  void aPassKeptForEverShowsNeverForItsWindowAndItsCutoff() {
    runner.withPropertyValues("retention." + SESSION_TOKEN + ".retention=never").run(context -> {
      context.getBean(RetentionRuntime.class).sweep(SESSION_TOKEN);

      Map<String, Object> session = context.getBean(RetentionEndpoint.class).pass(SESSION_TOKEN);

      assertThat(view(session.get("settings"))).containsEntry("retention", "never");
      assertThat(view(session.get("lastReport"))).containsEntry("cutoff", "never").containsEntry("batches", 0)
          .containsEntry("keepsEveryRow", true);
    });
  }

  @Test
  void aPassWhoseSweepsAnotherInstanceHoldsOffShowsItsLatestReportAsSkipped() {
    runner.run(context -> {
      context.getBean(RetentionRuntime.class).sweep(SESSION_TOKEN);
      // H2 takes no pass lock, so the skipped sweep PostgreSQL or MariaDB would report is handed to the history.
      SweepReport skipped = SweepReport.builder(SESSION_TOKEN, NOW.plusSeconds(60), NOW).skipped(true).build();
      context.getBean(SweepHistory.class).sweepFinished(skipped);

      Map<String, Object> session = context.getBean(RetentionEndpoint.class).pass(SESSION_TOKEN);

      assertThat(view(session.get("lastReport"))).containsEntry("skipped", true)
          .containsEntry("startedAt", NOW.plusSeconds(60).toString()).containsEntry("deleted", 0L);
      assertThat(session.get("consecutiveFailures")).isEqualTo(0);
    });
  }

  @Test
  void theEndpointShowsOnePassByName() {
    runner.run(context -> {
      RetentionEndpoint endpoint = context.getBean(RetentionEndpoint.class);
      assertThat(endpoint.pass(AUDIT_ENTRY)).isNotNull().containsEntry("entity", AUDIT_ENTRY);
      assertThat(endpoint.pass("com.acme.Nothing")).isNull();
    });
  }

  @Test
  void healthIsUpUntilAPassFailsThreeSweepsInARowThenFailingWithoutTurningTheApplicationDown() {
    runner.run(context -> {
      HealthIndicator health = context.getBean(RetentionHealthIndicator.class);
      assertThat(health.health().getStatus()).isEqualTo(Status.UP);
      assertThat(health.health().getDetails()).containsEntry("passes", 2);

      breakTheSessionTokenTable(context);
      failedSweep(context);
      failedSweep(context);
      Health afterTwo = health.health();
      assertThat(afterTwo.getStatus()).isEqualTo(Status.UP);
      assertThat(afterTwo.getDetails()).containsEntry("failuresThreshold", 3);
      assertThat(failingPasses(afterTwo)).containsOnlyKeys(SESSION_TOKEN);

      failedSweep(context);
      Health afterThree = health.health();
      assertThat(afterThree.getStatus()).isEqualTo(new Status(RetentionStatus.FAILING));
      Map<?, ?> failing = (Map<?, ?>) failingPasses(afterThree).get(SESSION_TOKEN);
      assertThat(failing.get("consecutiveFailures")).isEqualTo(3);
      assertThat((String) failing.get("lastFailure")).containsIgnoringCase("session_token");
      assertThat(context.getBean(RetentionEndpoint.class).pass(SESSION_TOKEN)).containsEntry("consecutiveFailures", 3);

      HealthEndpoint application = context.getBean(HealthEndpoint.class);
      assertThat(application.healthForPath("retention").getStatus()).isEqualTo(new Status(RetentionStatus.FAILING));
      assertThat(application.health().getStatus())
          .as("Spring's aggregation leaves the status it is not told to order out: the application stays UP")
          .isEqualTo(Status.UP);
    });
  }

  @Test
  void aFailingRetentionCountsWhereTheApplicationOrdersItsStatus() {
    runner.withPropertyValues("retention.health.failures-threshold=1",
            "management.endpoint.health.group.housekeeping.include=retention",
            "management.endpoint.health.group.housekeeping.status.order=FAILING,DOWN,OUT_OF_SERVICE,UP,UNKNOWN",
            "management.endpoint.health.group.housekeeping.status.http-mapping.FAILING=503")
        .run(context -> {
          breakTheSessionTokenTable(context);
          failedSweep(context);

          HealthEndpoint application = context.getBean(HealthEndpoint.class);
          Status failing = new Status(RetentionStatus.FAILING);
          assertThat(application.healthForPath("housekeeping").getStatus()).isEqualTo(failing);
          assertThat(context.getBean(HealthEndpointGroups.class).get("housekeeping").getHttpCodeStatusMapper()
              .getStatusCode(failing)).isEqualTo(503);
          assertThat(application.health().getStatus()).isEqualTo(Status.UP);
          assertThat(context.getBean(HealthEndpointGroups.class).getPrimary().getHttpCodeStatusMapper()
              .getStatusCode(application.health().getStatus())).isEqualTo(200);
        });
  }

  @Test
  void healthIsUnknownAndSaysWhyWhenThereIsNoPass() {
    // As in an application whose build did not run the processor: no registry is found.
    runner.withBean(RetentionRuntimeCustomizer.class, () -> builder -> builder.registries(List.of())).run(context -> {
      Health health = context.getBean(RetentionHealthIndicator.class).health();

      assertThat(health.getStatus()).isEqualTo(Status.UNKNOWN);
      assertThat(health.getDetails()).containsEntry("passes", 0);
      assertThat((String) health.getDetails().get("problem"))
          .contains("no @Ttl entity was found").contains("annotationProcessorPaths");
    });
  }

  @Test
  void theFailureThresholdIsAProperty() {
    runner.withPropertyValues("retention.health.failures-threshold=1").run(context -> {
      breakTheSessionTokenTable(context);
      failedSweep(context);
      assertThat(context.getBean(RetentionHealthIndicator.class).health().getStatus())
          .isEqualTo(new Status(RetentionStatus.FAILING));
    });
  }

  @Test
  void aBadFailureThresholdFailsStartUpLikeTheOtherKeys() {
    runner.withPropertyValues("retention.health.failures-threshold=0").run(context -> assertThat(context)
        .getFailure().rootCause()
        .isInstanceOf(RetentionConfigurationException.class)
        .hasMessageContaining("retention.health.failures-threshold = 0: must be at least 1; it counts the failed sweeps"
            + " in a row of one pass that make Retention's health FAILING"));
    runner.withPropertyValues("retention.health.failures-threshold=often").run(context -> assertThat(context)
        .getFailure()
        .hasStackTraceContaining("Failed to bind properties under 'retention.health.failures-threshold' to int"));
  }

  @Test
  void theHealthIndicatorCanBeTurnedOffLikeAnyOther() {
    runner.withPropertyValues("management.health.retention.enabled=false")
        .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RetentionHealthIndicator.class)
            .hasSingleBean(RetentionEndpoint.class));
  }

  @Test
  void withoutTheActuatorTheRuntimeStillRuns() {
    runner.withClassLoader(new FilteredClassLoader(Endpoint.class, HealthIndicator.class))
        .run(context -> assertThat(context).hasNotFailed().hasSingleBean(RetentionRuntime.class)
            .doesNotHaveBean(RetentionEndpoint.class)
            .doesNotHaveBean(RetentionHealthIndicator.class));
  }

  private static void breakTheSessionTokenTable(ApplicationContext context) {
    new JdbcTemplate(context.getBean(DataSource.class)).execute("drop table session_token");
  }

  private static void failedSweep(ApplicationContext context) {
    SweepReport report = context.getBean(RetentionRuntime.class).sweep(SESSION_TOKEN);
    assertThat(report.failure()).as("the sweep of a dropped table fails").isPresent();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> failingPasses(Health health) {
    return (Map<String, Object>) health.getDetails().get("failingPasses");
  }
}
