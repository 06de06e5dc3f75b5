package dev.retention.spring.boot.application;

import dev.retention.spring.boot.model.AuditEntry;
import dev.retention.spring.boot.model.SessionToken;
import dev.retention.spring.boot.support.JpaContexts;
import dev.retention.spring.boot.support.MutableClock;
import dev.retention.spring.boot.support.SweepRecorder;
import dev.retention.spring.boot.support.TestData;
import jakarta.persistence.EntityManagerFactory;
import java.time.Instant;
import java.util.List;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.context.annotation.Bean;

/**
 * An application as a user writes it: entities, a clock, a listener, and a runner that seeds rows at start-up. The
 * starter comes in through auto-configuration alone.
 */
@SpringBootApplication
@EntityScan(basePackageClasses = SessionToken.class)
public class TestApplication {

  /** Rows the seeding runner writes that have expired by {@link JpaContexts#NOW}. */
  public static final int EXPIRED_SESSIONS = 3;

  @Bean
  MutableClock clock() {
    return new MutableClock(JpaContexts.NOW);
  }

  @Bean
  SweepRecorder sweepRecorder() {
    return new SweepRecorder();
  }

  /** Runs before the application is ready, so before the first sweep: every expired row is there for it to delete. */
  @Bean
  ApplicationRunner seed(EntityManagerFactory emf) {
    Instant now = JpaContexts.NOW;
    return arguments -> TestData.persist(emf, List.of(
        new SessionToken(1, now.minusSeconds(30)),
        new SessionToken(2, now.minusSeconds(20)),
        new SessionToken(3, now.minusSeconds(10)),
        new SessionToken(4, now.plusSeconds(10)),
        new AuditEntry(1, now)));
  }
}
