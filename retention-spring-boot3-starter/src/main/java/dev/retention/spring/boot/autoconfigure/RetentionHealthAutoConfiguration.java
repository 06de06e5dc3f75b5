package dev.retention.spring.boot.autoconfigure;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.health.RetentionHealth;
import dev.retention.runtime.health.SweepHistory;
import dev.retention.spring.boot.StarterProperties;
import dev.retention.spring.boot.actuate.RetentionHealthIndicator;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The {@code retention} health indicator on Boot 3, when the application has Spring Boot's health support. It can be
 * turned off like any other with {@code management.health.retention.enabled=false}.
 */
@AutoConfiguration(after = RetentionAutoConfiguration.class)
@ConditionalOnClass({HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class})
@ConditionalOnBooleanProperty(name = StarterProperties.ENABLED, matchIfMissing = true)
@ConditionalOnBean(SweepHistory.class)
@ConditionalOnEnabledHealthIndicator("retention")
@EnableConfigurationProperties(StarterProperties.class)
public class RetentionHealthAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  RetentionHealthIndicator retentionHealthIndicator(SweepHistory history, StarterProperties properties,
      ObjectProvider<RetentionRuntime> runtimes) {
    int failuresThreshold = properties.getHealth().getFailuresThreshold();
    return new RetentionHealthIndicator(
        () -> RetentionHealth.of(runtimes.orderedStream().toList(), history, failuresThreshold));
  }
}
