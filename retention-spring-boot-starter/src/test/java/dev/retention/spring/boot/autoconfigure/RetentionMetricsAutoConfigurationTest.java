package dev.retention.spring.boot.autoconfigure;

import static dev.retention.spring.boot.support.JpaContexts.NOW;
import static dev.retention.spring.boot.support.JpaContexts.SESSION_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retention.micrometer.MicrometerSweepListener;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.spring.boot.BeforeDeleteRegistration;
import dev.retention.spring.boot.model.SessionToken;
import dev.retention.spring.boot.support.JpaContexts;
import dev.retention.spring.boot.support.TestData;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.persistence.EntityManagerFactory;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class RetentionMetricsAutoConfigurationTest {

  private final ApplicationContextRunner runner = JpaContexts.runner()
      .withConfiguration(AutoConfigurations.of(RetentionMetricsAutoConfiguration.class))
      .withUserConfiguration(JpaContexts.FixedClock.class);

  @Test
  void aSweepIsRecordedInTheApplicationsMeterRegistry() {
    runner.withUserConfiguration(Registry.class).run(context -> {
      assertThat(context).hasSingleBean(MicrometerSweepListener.class);
      EntityManagerFactory emf = context.getBean(EntityManagerFactory.class);
      TestData.persist(emf, List.of(new SessionToken(1, NOW.minusSeconds(5)), new SessionToken(2, NOW.minusSeconds(1)),
          new SessionToken(3, NOW.plusSeconds(60))));

      context.getBean(RetentionRuntime.class).sweep(SESSION_TOKEN);

      MeterRegistry registry = context.getBean(MeterRegistry.class);
      assertThat(registry.get("retention.rows.deleted").tag("pass", SESSION_TOKEN).counter().count()).isEqualTo(2);
      assertThat(registry.get("retention.sweeps").tags("pass", SESSION_TOKEN, "outcome", "success").timer().count())
          .isEqualTo(1);
      assertThat(registry.get("retention.work.remains").tag("pass", SESSION_TOKEN).gauge().value()).isZero();
    });
  }

  @Test
  void everyMeterOfThePassIsThereAtZeroBeforeItsFirstSweepSoThatSweepCounts() {
    runner.withUserConfiguration(Registry.class).run(context -> {
      RetentionRuntime runtime = context.getBean(RetentionRuntime.class);
      MeterRegistry registry = context.getBean(MeterRegistry.class);

      assertThat(registry.get("retention.rows.deleted").tag("pass", SESSION_TOKEN).counter().count()).isZero();
      assertThat(registry.get("retention.sweeps").tags("pass", SESSION_TOKEN, "outcome", "failure").timer().count())
          .isZero();
      assertThat(registry.get("retention.consecutive.failures").tag("pass", SESSION_TOKEN).gauge().value()).isZero();
      assertThat(registry.get("retention.pass.info").tags("pass", SESSION_TOKEN,
          "statement", runtime.settings(SESSION_TOKEN).statementShape().name().toLowerCase(Locale.ROOT))
          .gauge().value()).isEqualTo(1);
    });
  }

  @Test
  void whileEverySweepFailsTheGaugesSayWorkRemainsAndHowLate() {
    runner.withUserConfiguration(Registry.class, RefusingHook.class).run(context -> {
      EntityManagerFactory emf = context.getBean(EntityManagerFactory.class);
      TestData.persist(emf,
          List.of(new SessionToken(1, NOW.minusSeconds(50)), new SessionToken(2, NOW.minusSeconds(5))));

      RetentionRuntime runtime = context.getBean(RetentionRuntime.class);
      assertThat(runtime.sweep(SESSION_TOKEN).failure()).isPresent();
      assertThat(runtime.sweep(SESSION_TOKEN).failure()).isPresent();

      MeterRegistry registry = context.getBean(MeterRegistry.class);
      assertThat(TestData.count(emf, SessionToken.class)).as("every batch rolled back").isEqualTo(2);
      assertThat(registry.get("retention.work.remains").tag("pass", SESSION_TOKEN).gauge().value())
          .as("expired rows are left while every sweep fails").isEqualTo(1);
      assertThat(registry.get("retention.expiry.lag").tag("pass", SESSION_TOKEN).timeGauge().value(TimeUnit.SECONDS))
          .isEqualTo(50);
      assertThat(registry.get("retention.sweeps").tags("pass", SESSION_TOKEN, "outcome", "failure").timer().count())
          .isEqualTo(2);
      assertThat(registry.get("retention.consecutive.failures").tag("pass", SESSION_TOKEN).gauge().value()).isEqualTo(2);
      assertThat(registry.find("retention.sweep.failures").meter()).isNull();
    });
  }

  @Test
  void noMetersWithoutAMeterRegistry() {
    runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(MicrometerSweepListener.class));
  }

  @Test
  void noMetersWhenRetentionIsOff() {
    runner.withUserConfiguration(Registry.class).withPropertyValues("retention.enabled=false")
        .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(MicrometerSweepListener.class));
  }

  /** A hook that refuses every batch of sessions, as a trigger or a constraint would: every sweep fails. */
  @Configuration(proxyBeanMethods = false)
  static class RefusingHook {

    @Bean
    BeforeDeleteRegistration refuseSessions() {
      return BeforeDeleteRegistration.of(SessionToken.class, (em, ids) -> {
        throw new IllegalStateException("archive unavailable");
      });
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Registry {

    @Bean
    SimpleMeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }
  }
}
