package dev.retention.micronaut;

import dev.retention.micrometer.MicrometerSweepListener;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * Records each pass's sweeps as Micrometer meters ({@code retention.rows.deleted}, {@code retention.sweeps}, ...; see
 * {@link MicrometerSweepListener}) in the application's {@code MeterRegistry} (micronaut-micrometer's), when it has
 * one. The listener reaches the runtime like any other {@code SweepListener} bean.
 */
@Factory
@Requires(classes = MeterRegistry.class)
@Requires(beans = MeterRegistry.class)
class RetentionMeters {

  @Singleton
  MicrometerSweepListener retentionMeters(MeterRegistry registry) {
    return new MicrometerSweepListener(registry);
  }
}
