package dev.retention.spring.data;

import static dev.retention.spring.boot.support.JpaContexts.NOW;
import static dev.retention.spring.boot.support.JpaContexts.SESSION_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.spring.boot.model.SessionToken;
import dev.retention.spring.boot.support.JpaContexts;
import dev.retention.spring.boot.support.MutableClock;
import dev.retention.spring.boot.support.TestData;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/**
 * The starter's {@link RetentionSpecifications} through a Spring Data repository: the live rows by the runtime's rule
 * as configuration sets it (a window lengthened to an hour), at the runtime clock's now each time a query is built.
 */
class RetentionSpecificationsTest {

  @Configuration(proxyBeanMethods = false)
  @EnableJpaRepositories(basePackageClasses = SessionTokens.class)
  static class Repositories {}

  @Test
  void aRepositoryFindsTheRowsASweepNowKeepsByTheWindowInForce() {
    JpaContexts.runner()
        .withUserConfiguration(JpaContexts.FixedClock.class, Repositories.class)
        .withPropertyValues("retention." + SESSION_TOKEN + ".retention=1h")
        .run(context -> {
          TestData.persist(context.getBean(EntityManagerFactory.class), List.of(
              new SessionToken(1, NOW.minus(Duration.ofHours(2))),   // expired an hour past the window
              new SessionToken(2, NOW.minus(Duration.ofMinutes(30))), // past its date, within the lengthened window
              new SessionToken(3, NOW.plusSeconds(10)),
              new SessionToken(4, null)));
          RetentionRuntime retention = context.getBean(RetentionRuntime.class);
          SessionTokens tokens = context.getBean(SessionTokens.class);

          assertThat(ids(tokens.findAll(RetentionSpecifications.live(retention, SessionToken.class))))
              .containsExactly(2L, 3L, 4L);

          context.getBean(MutableClock.class).advance(Duration.ofMinutes(31));
          assertThat(ids(tokens.findAll(RetentionSpecifications.live(retention, SessionToken.class))))
              .as("asked again at each query: token 2 is past its window now")
              .containsExactly(3L, 4L);

          retention.sweepAll();
          assertThat(ids(tokens.findAll())).as("what a sweep at that now keeps").containsExactly(3L, 4L);
        });
  }

  private static List<Long> ids(List<SessionToken> tokens) {
    return tokens.stream().map(SessionToken::getId).sorted().toList();
  }
}
