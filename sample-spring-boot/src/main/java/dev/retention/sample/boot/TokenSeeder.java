package dev.retention.sample.boot;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.time.Instant;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Writes {@code sample.expired-tokens} tokens that expired an hour ago and {@code sample.live-tokens} that expire in a
 * day. It runs before the application is ready, so before the first sweep.
 */
@Component
class TokenSeeder implements ApplicationRunner {

  @PersistenceContext
  private EntityManager entityManager;

  private final SampleProperties properties;

  TokenSeeder(SampleProperties properties) {
    this.properties = properties;
  }

  @Override
  @Transactional
  public void run(ApplicationArguments arguments) {
    Instant now = Clock.systemUTC().instant();
    long id = 0;
    for (int i = 0; i < properties.expiredTokens(); i++) {
      entityManager.persist(new ApiToken(++id, now.minusSeconds(3600)));
    }
    for (int i = 0; i < properties.liveTokens(); i++) {
      entityManager.persist(new ApiToken(++id, now.plusSeconds(86_400)));
    }
  }
}
