package dev.retention.spring.boot.autoconfigure;

import dev.retention.micrometer.MicrometerSweepListener;
import dev.retention.spring.boot.StarterProperties;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Micrometer meters of every pass ({@code retention.rows.deleted}, {@code retention.sweeps}, ...; see
 * {@link MicrometerSweepListener}) when the application has a {@code MeterRegistry}: the listener bean is handed to the
 * runtime like any other. It is ordered after Boot's meter registries, named for Boot 4 and for Boot 3.
 */
@AutoConfiguration(afterName = {
    "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
    "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnClass({MeterRegistry.class, MicrometerSweepListener.class})
@ConditionalOnBooleanProperty(name = StarterProperties.ENABLED, matchIfMissing = true)
@ConditionalOnBean(MeterRegistry.class)
public class RetentionMetricsAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  MicrometerSweepListener retentionMeters(MeterRegistry registry) {
    return new MicrometerSweepListener(registry);
  }
}
