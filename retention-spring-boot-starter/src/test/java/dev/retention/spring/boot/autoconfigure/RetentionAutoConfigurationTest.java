package dev.retention.spring.boot.autoconfigure;

import static dev.retention.spring.boot.support.JpaContexts.AUDIT_ENTRY;
import static dev.retention.spring.boot.support.JpaContexts.NOW;
import static dev.retention.spring.boot.support.JpaContexts.SESSION_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import dev.retention.runtime.health.SweepHistory;
import dev.retention.spring.boot.RetentionRuntimeCustomizer;
import dev.retention.spring.boot.actuate.RetentionEndpoint;
import dev.retention.spring.boot.actuate.RetentionHealthIndicator;
import dev.retention.spring.boot.model.SessionToken;
import dev.retention.spring.boot.support.JpaContexts;
import dev.retention.spring.boot.support.SweepRecorder;
import dev.retention.spring.boot.support.TestData;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class RetentionAutoConfigurationTest {

  private final ApplicationContextRunner runner = JpaContexts.runner();

  @Test
  void buildsARuntimeOverTheApplicationsEntityManagerFactory() {
    runner.run(context -> {
      assertThat(context).hasNotFailed().hasSingleBean(RetentionRuntime.class).hasSingleBean(SweepHistory.class);
      List<String> passes = context.getBean(RetentionRuntime.class).passes().stream().map(RetentionPass::name).toList();
      assertThat(passes).containsExactly(AUDIT_ENTRY, SESSION_TOKEN);
    });
  }

  @Test
  void hasNoRuntimeWithoutAnEntityManagerFactory() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(RetentionAutoConfiguration.class))
        .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RetentionRuntime.class));
  }

  @Test
  void bindsRetentionPropertiesWithTheRuntimesKeys() {
    runner.withPropertyValues(
            "retention.defaults.batch-size=7",
            "retention.defaults.sweep-interval=15m",
            "retention." + SESSION_TOKEN + ".dry-run=true",
            "retention." + AUDIT_ENTRY + ".retention=2h",
            // The starter's own keys are not handed to the runtime, which would reject them.
            "retention.enabled=true",
            "retention.health.failures-threshold=5")
        .run(context -> {
          assertThat(context).hasNotFailed();
          RetentionRuntime runtime = context.getBean(RetentionRuntime.class);
          PassSettings session = runtime.settings(SESSION_TOKEN);
          assertThat(session.batchSize()).isEqualTo(7);
          assertThat(session.sweepInterval()).isEqualTo(Duration.ofMinutes(15));
          assertThat(session.dryRun()).isTrue();
          PassSettings audit = runtime.settings(AUDIT_ENTRY);
          assertThat(audit.batchSize()).isEqualTo(7);
          assertThat(audit.dryRun()).isFalse();
          assertThat(audit.retention()).isEqualTo(Duration.ofHours(2));
          assertThat(audit.retentionOverridden()).isTrue();
        });
  }

  @Test
  void aBadPropertyFailsStartUpWithThePassAndTheKeyNamed() {
    runner.withPropertyValues(
            "retention." + AUDIT_ENTRY + ".batch-size=zero",
            "retention." + SESSION_TOKEN + ".retention=1m",
            "retention.defaults.batch-sise=10")
        .run(context -> {
          assertThat(context).hasFailed();
          assertThat(context.getStartupFailure()).rootCause().isInstanceOf(RetentionConfigurationException.class);
          RetentionConfigurationException failure =
              (RetentionConfigurationException) rootCause(context.getStartupFailure());
          assertThat(failure.problems()).hasSize(3);
          assertThat(failure.getMessage())
              .contains("retention." + AUDIT_ENTRY + ".batch-size = \"zero\": expected a whole number")
              .contains(SESSION_TOKEN + ": retention." + SESSION_TOKEN + ".retention = 1m is below min-retention")
              .contains("retention.defaults.batch-sise = \"10\": no option named batch-sise; did you mean batch-size?");
        });
  }

  @Test
  void sweepsWithTheApplicationsClock() {
    runner.withUserConfiguration(JpaContexts.FixedClock.class).run(context -> {
      EntityManagerFactory emf = context.getBean(EntityManagerFactory.class);
      TestData.persist(emf, List.of(
          new SessionToken(1, NOW.minusSeconds(60)),
          new SessionToken(2, NOW),
          new SessionToken(3, NOW.plusSeconds(1))));

      SweepReport report = context.getBean(RetentionRuntime.class).sweep(SESSION_TOKEN);

      assertThat(report.failure()).isEmpty();
      assertThat(report.cutoff()).isEqualTo(NOW);
      assertThat(report.deleted()).isEqualTo(2);
      assertThat(TestData.count(emf, SessionToken.class)).isEqualTo(1);
    });
  }

  @Test
  void registersTheApplicationsSweepListeners() {
    runner.withUserConfiguration(JpaContexts.Recorder.class).run(context -> {
      context.getBean(RetentionRuntime.class).sweepAll();

      assertThat(context.getBean(SweepRecorder.class).events()).containsExactly(
          "started " + AUDIT_ENTRY, "finished " + AUDIT_ENTRY, "started " + SESSION_TOKEN, "finished " + SESSION_TOKEN);
      assertThat(context.getBean(SweepHistory.class).all()).containsOnlyKeys(AUDIT_ENTRY, SESSION_TOKEN);
    });
  }

  @Test
  void theHistoryIsUpToDateWhenTheApplicationsListenersHearOfASweep() {
    runner.withUserConfiguration(HistoryReader.class).run(context -> {
      context.getBean(RetentionRuntime.class).sweep(SESSION_TOKEN);

      assertThat(context.getBean(HistoryReader.class).seen).containsExactly(SESSION_TOKEN);
    });
  }

  @Test
  void customizersAdjustTheBuilder() {
    runner.withUserConfiguration(BatchSizeCustomizer.class).run(context -> {
      RetentionRuntime runtime = context.getBean(RetentionRuntime.class);
      assertThat(runtime.settings(SESSION_TOKEN).batchSize()).isEqualTo(3);
      assertThat(runtime.settings(AUDIT_ENTRY).batchSize()).isEqualTo(3);
    });
  }

  @Test
  void retentionEnabledFalseTurnsTheStarterOff() {
    runner.withPropertyValues("retention.enabled=false", "retention.defaults.batch-size=not checked either")
        .run(context -> assertThat(context).hasNotFailed()
            .doesNotHaveBean(RetentionRuntime.class)
            .doesNotHaveBean(SweepHistory.class)
            .doesNotHaveBean(StartWhenReady.class)
            .doesNotHaveBean(RetentionEndpoint.class)
            .doesNotHaveBean(RetentionHealthIndicator.class));
  }

  @Test
  void anApplicationsRuntimeWins() {
    runner.withUserConfiguration(OwnRuntime.class)
        .withPropertyValues("management.endpoints.web.exposure.include=health,retention")
        .run(context -> {
          assertThat(context).hasSingleBean(RetentionRuntime.class);
          assertThat(context.getBean(RetentionRuntime.class)).isSameAs(context.getBean(OwnRuntime.class).runtime);
          assertThat(context.getBean(RetentionRuntime.class).settings(SESSION_TOKEN).dryRun()).isTrue();
          // The actuator's endpoint and health serve the application's runtime too.
          assertThat(context).hasSingleBean(RetentionEndpoint.class).hasSingleBean(RetentionHealthIndicator.class);
          assertThat(((Map<?, ?>) context.getBean(RetentionEndpoint.class).passes().get("passes")).keySet())
              .isEqualTo(java.util.Set.of(AUDIT_ENTRY, SESSION_TOKEN));
        });
  }


  @Test
  void closingTheContextClosesTheRuntime() {
    RetentionRuntime[] runtime = new RetentionRuntime[1];
    runner.run(context -> runtime[0] = context.getBean(RetentionRuntime.class));

    assertThatThrownBy(runtime[0]::sweepAll)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("This RetentionRuntime is closed");
  }

  private static Throwable rootCause(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  @Configuration(proxyBeanMethods = false)
  static class BatchSizeCustomizer {

    @Bean
    RetentionRuntimeCustomizer batchSizeCustomizer() {
      return builder -> builder.defaults(RetentionOptions.empty().withBatchSize(3));
    }
  }

  /** A listener that looks the finished sweep up in the history, as a listener bean of the application would. */
  @Configuration(proxyBeanMethods = false)
  static class HistoryReader implements SweepListener {

    final List<String> seen = new CopyOnWriteArrayList<>();
    private final ObjectProvider<SweepHistory> history;

    HistoryReader(ObjectProvider<SweepHistory> history) {
      this.history = history;
    }

    @Override
    public void sweepFinished(SweepReport report) {
      history.getObject().of(report.pass()).filter(history -> history.lastReport() == report)
          .ifPresent(history -> seen.add(report.pass()));
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnRuntime {

    RetentionRuntime runtime;

    @Bean
    RetentionRuntime ownRuntime(EntityManagerFactory emf) {
      runtime = RetentionRuntime.builder(emf).defaults(RetentionOptions.empty().withDryRun(true)).build();
      return runtime;
    }
  }
}
