package dev.retention.spring.boot.autoconfigure;

import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.spring.boot.RetentionReports;
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
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The {@code retention} health indicator on Boot 3, when the application has Spring Boot's health support. It can be
 * turned off like any other with {@code management.health.retention.enabled=false}.
 */
@AutoConfiguration(after = RetentionAutoConfiguration.class)
@ConditionalOnClass({HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class})
@ConditionalOnBooleanProperty(name = StarterProperties.ENABLED, matchIfMissing = true)
@ConditionalOnBean(RetentionReports.class)
@ConditionalOnEnabledHealthIndicator("retention")
public class RetentionHealthAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  RetentionHealthIndicator retentionHealthIndicator(RetentionReports reports, Environment environment,
      ObjectProvider<RetentionRuntime> runtimes) {
    return new RetentionHealthIndicator(reports, HealthThreshold.failuresThreshold(environment),
        () -> runtimes.orderedStream().flatMap(runtime -> runtime.passes().stream()).map(RetentionPass::name).toList());
  }
}
