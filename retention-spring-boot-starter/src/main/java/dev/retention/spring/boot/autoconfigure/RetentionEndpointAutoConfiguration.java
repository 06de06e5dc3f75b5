package dev.retention.spring.boot.autoconfigure;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.health.SweepHistory;
import dev.retention.spring.boot.StarterProperties;
import dev.retention.spring.boot.actuate.RetentionEndpoint;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;

/**
 * The {@code retention} actuator endpoint, when the application has the actuator. Like every endpoint it is served over
 * HTTP only once exposed ({@code management.endpoints.web.exposure.include=retention}).
 */
@AutoConfiguration(after = RetentionAutoConfiguration.class)
@ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class})
@ConditionalOnBooleanProperty(name = StarterProperties.ENABLED, matchIfMissing = true)
@ConditionalOnSingleCandidate(RetentionRuntime.class)
@ConditionalOnAvailableEndpoint(RetentionEndpoint.class)
public class RetentionEndpointAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  RetentionEndpoint retentionEndpoint(RetentionRuntime runtime, ObjectProvider<SweepHistory> history) {
    // Without the starter's history (retention.enabled=false with a runtime of the application's own) the endpoint
    // still shows the passes and their settings, and no last sweep.
    return new RetentionEndpoint(runtime, history.getIfAvailable(SweepHistory::new));
  }
}
