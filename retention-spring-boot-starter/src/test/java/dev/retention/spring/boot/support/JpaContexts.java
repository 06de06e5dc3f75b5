package dev.retention.spring.boot.support;

import dev.retention.spring.boot.autoconfigure.RetentionAutoConfiguration;
import dev.retention.spring.boot.autoconfigure.RetentionEndpointAutoConfiguration;
import dev.retention.spring.boot.autoconfigure.RetentionHealthAutoConfiguration;
import dev.retention.spring.boot.model.AuditEntry;
import dev.retention.spring.boot.model.SessionToken;
import dev.retention.spring.boot.scoped.TenantNote;
import java.time.Instant;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Application contexts with Boot's JPA on an embedded H2 of their own, the test entities and the starter. */
public final class JpaContexts {

  /** Where the test clock stands. */
  public static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

  public static final String SESSION_TOKEN = SessionToken.class.getName();
  public static final String AUDIT_ENTRY = AuditEntry.class.getName();
  /** A pass with a {@code @TtlScope} attribute, managed only in contexts with {@link ScopedEntities}. */
  public static final String TENANT_NOTE = TenantNote.class.getName();

  private JpaContexts() {}

  /** A context runner with the starter's auto-configurations after Boot's DataSource and JPA ones. */
  public static ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(
            DataSourceAutoConfiguration.class,
            HibernateJpaAutoConfiguration.class,
            RetentionAutoConfiguration.class,
            RetentionEndpointAutoConfiguration.class,
            RetentionHealthAutoConfiguration.class))
        .withUserConfiguration(Entities.class)
        .withPropertyValues(
            // Each context gets an in-memory database of its own.
            "spring.datasource.generate-unique-name=true",
            "spring.jpa.properties.hibernate.jdbc.time_zone=UTC");
  }

  /** Makes the test entities the application's: Boot's JPA scans the auto-configuration package. */
  @Configuration(proxyBeanMethods = false)
  @AutoConfigurationPackage(basePackageClasses = SessionToken.class)
  public static class Entities {}

  /** Adds the entity with a {@code @TtlScope} attribute to the application's. */
  @Configuration(proxyBeanMethods = false)
  @AutoConfigurationPackage(basePackageClasses = TenantNote.class)
  public static class ScopedEntities {}

  /** The application's clock, standing at {@link #NOW}. */
  @Configuration(proxyBeanMethods = false)
  public static class FixedClock {

    @Bean
    MutableClock clock() {
      return new MutableClock(NOW);
    }
  }

  /** A listener bean that records the runtime's events. */
  @Configuration(proxyBeanMethods = false)
  public static class Recorder {

    @Bean
    SweepRecorder sweepRecorder() {
      return new SweepRecorder();
    }
  }
}
