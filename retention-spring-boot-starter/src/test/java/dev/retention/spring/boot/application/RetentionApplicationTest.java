package dev.retention.spring.boot.application;

import static dev.retention.spring.boot.support.JpaContexts.NOW;
import static dev.retention.spring.boot.support.JpaContexts.SESSION_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.spring.boot.actuate.RetentionEndpoint;
import dev.retention.spring.boot.model.AuditEntry;
import dev.retention.spring.boot.model.SessionToken;
import dev.retention.spring.boot.support.SweepRecorder;
import dev.retention.spring.boot.support.TestData;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/** The starter in a whole Spring Boot application: found by auto-configuration, started when ready, closed on exit. */
@ExtendWith(OutputCaptureExtension.class)
class RetentionApplicationTest {

  private static final Duration PATIENCE = Duration.ofSeconds(30);

  @Test
  void sweepsInTheBackgroundOnceReadyAndStopsWhenTheApplicationCloses() throws InterruptedException {
    RetentionRuntime runtime;
    try (ConfigurableApplicationContext context = application(
        "retention.defaults.max-startup-stagger=0",
        "management.endpoints.web.exposure.include=health,retention")) {
      runtime = context.getBean(RetentionRuntime.class);

      SweepReport report = context.getBean(SweepRecorder.class).awaitSweep(SESSION_TOKEN, PATIENCE);

      assertThat(report.failure()).isEmpty();
      assertThat(report.cutoff()).isEqualTo(NOW);
      assertThat(report.deleted())
          .as("every expired row the runner seeded before the application was ready")
          .isEqualTo(TestApplication.EXPIRED_SESSIONS);
      EntityManagerFactory emf = context.getBean(EntityManagerFactory.class);
      assertThat(TestData.count(emf, SessionToken.class)).isEqualTo(1);
      assertThat(TestData.count(emf, AuditEntry.class)).isEqualTo(1);

      Map<String, Object> shown = context.getBean(RetentionEndpoint.class).pass(SESSION_TOKEN);
      assertThat(shown).isNotNull();
      assertThat(shown.get("lastReport")).isInstanceOfSatisfying(Map.class, last ->
          assertThat(last.get("deleted")).isEqualTo((long) TestApplication.EXPIRED_SESSIONS));
      assertThat(context.getBean(HealthEndpoint.class).healthForPath("retention").getStatus()).isEqualTo(Status.UP);
    }

    assertThatThrownBy(runtime::sweepAll).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
  }

  @Test
  void aBadPropertyFailsStartUpWithTheRuntimesProblemList(CapturedOutput output) {
    String key = "retention." + SESSION_TOKEN + ".batch-size";

    assertThatThrownBy(() -> application(key + "=-5").close()).hasRootCauseMessage(
        "Retention is misconfigured (1 problem):" + System.lineSeparator()
            + "  - " + key + " = \"-5\": must be at least 1");

    assertThat(output.getOut() + output.getErr())
        .contains("APPLICATION FAILED TO START")
        .contains(key + " = \"-5\": must be at least 1")
        .contains("Keys are retention.defaults.<option> for every pass and retention.<entity class name>.<option>");
  }

  @Test
  void aBadHealthThresholdFailsStartUpWithTheFailureAnalysisOfTheOtherKeys(CapturedOutput output) {
    assertThatThrownBy(() -> application("retention.health.failures-threshold=0").close())
        .hasRootCauseInstanceOf(RetentionConfigurationException.class);

    assertThat(output.getOut() + output.getErr())
        .contains("APPLICATION FAILED TO START")
        .contains("retention.health.failures-threshold = 0: must be at least 1")
        .contains("Correct the retention properties named above");
  }

  private static ConfigurableApplicationContext application(String... properties) {
    return new SpringApplicationBuilder(TestApplication.class)
        .web(WebApplicationType.NONE)
        .properties("spring.datasource.generate-unique-name=true", "spring.jpa.properties.hibernate.jdbc.time_zone=UTC")
        .properties(properties)
        .run();
  }
}
