package dev.retention.spring.boot.autoconfigure;

import static dev.retention.spring.boot.support.JpaContexts.NOW;
import static dev.retention.spring.boot.support.JpaContexts.SESSION_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.spring.boot.BeforeDeleteRegistration;
import dev.retention.spring.boot.model.AuditEntry;
import dev.retention.spring.boot.model.SessionToken;
import dev.retention.spring.boot.support.JpaContexts;
import dev.retention.spring.boot.support.TestData;
import jakarta.persistence.EntityManagerFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

/** {@link BeforeDeleteRegistration} beans: registered on the runtime, called in each batch, in order. */
class BeforeDeleteBeansTest {

  private final ApplicationContextRunner runner = JpaContexts.runner()
      .withUserConfiguration(JpaContexts.FixedClock.class);

  @Test
  void aHookBeanIsCalledWithTheBatchsRowsBeforeTheyAreDeleted() {
    runner.withUserConfiguration(RecordingHook.class).run(context -> {
      EntityManagerFactory emf = context.getBean(EntityManagerFactory.class);
      persistTokens(emf);

      SweepReport report = context.getBean(RetentionRuntime.class).sweep(SESSION_TOKEN);

      assertThat(report.failure()).isEmpty();
      assertThat(report.deleted()).isEqualTo(2);
      assertThat(context.getBean(RecordingHook.class).rows).containsExactly(1L, 2L);
      assertThat(TestData.count(emf, SessionToken.class)).isEqualTo(1);
    });
  }

  @Test
  void hooksOfOnePassRunInTheirBeansOrder() {
    runner.withUserConfiguration(OrderedHooks.class).run(context -> {
      persistTokens(context.getBean(EntityManagerFactory.class));

      context.getBean(RetentionRuntime.class).sweep(SESSION_TOKEN);

      assertThat(context.getBean(OrderedHooks.class).calls).containsExactly("first", "second");
    });
  }

  @Test
  void aThrowingHookBeanRollsItsBatchBackAndTheSweepReportsIt() {
    runner.withUserConfiguration(ThrowingHook.class).run(context -> {
      EntityManagerFactory emf = context.getBean(EntityManagerFactory.class);
      persistTokens(emf);

      SweepReport report = context.getBean(RetentionRuntime.class).sweep(SESSION_TOKEN);

      assertThat(report.failure()).hasValueSatisfying(failure -> assertThat(failure)
          .hasMessageContaining("The before-delete hook of pass " + SESSION_TOKEN + " failed")
          .hasRootCauseMessage("archive unreachable"));
      assertThat(report.deleted()).isZero();
      assertThat(TestData.count(emf, SessionToken.class)).as("the batch's rows stay").isEqualTo(3);
      assertThat(TestData.count(emf, AuditEntry.class)).as("what the hook wrote is undone").isZero();
    });
  }

  @Test
  void aHookBeanForNoPassFailsStartUp() {
    runner.withBean(BeforeDeleteRegistration.class, () -> BeforeDeleteRegistration.of("com.acme.Nothing",
            (em, rows) -> { }))
        .run(context -> {
          assertThat(context).hasFailed();
          assertThat(context.getStartupFailure()).rootCause()
              .isInstanceOf(RetentionConfigurationException.class)
              .hasMessageContaining("beforeDelete(\"com.acme.Nothing\", ...) names no pass");
        });
  }

  /** Two expired tokens, 1 and 2, and one that is not. */
  private static void persistTokens(EntityManagerFactory emf) {
    TestData.persist(emf, List.of(
        new SessionToken(1, NOW.minusSeconds(120)),
        new SessionToken(2, NOW.minusSeconds(60)),
        new SessionToken(3, NOW.plusSeconds(60))));
  }

  @Configuration(proxyBeanMethods = false)
  static class RecordingHook {

    final List<Object> rows = new CopyOnWriteArrayList<>();

    @Bean
    BeforeDeleteRegistration recordTokens() {
      return BeforeDeleteRegistration.of(SessionToken.class, (em, batch) -> rows.addAll(batch));
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OrderedHooks {

    final List<String> calls = new CopyOnWriteArrayList<>();

    @Bean
    @Order(2)
    BeforeDeleteRegistration second() {
      return BeforeDeleteRegistration.of(SESSION_TOKEN, (em, batch) -> calls.add("second"));
    }

    @Bean
    @Order(1)
    BeforeDeleteRegistration first() {
      return BeforeDeleteRegistration.of(SESSION_TOKEN, (em, batch) -> calls.add("first"));
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class ThrowingHook {

    @Bean
    BeforeDeleteRegistration archiveThenFail() {
      return BeforeDeleteRegistration.of(SessionToken.class, (em, batch) -> {
        em.persist(new AuditEntry(100, NOW));
        em.flush();
        throw new IllegalStateException("archive unreachable");
      });
    }
  }
}
