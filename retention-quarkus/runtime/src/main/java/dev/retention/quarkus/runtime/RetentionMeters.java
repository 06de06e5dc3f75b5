package dev.retention.quarkus.runtime;

import dev.retention.micrometer.MicrometerSweepListener;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * Records each pass's sweeps as Micrometer meters ({@code retention.rows.deleted}, {@code retention.sweeps}, ...) in
 * the application's registry. The build registers this bean only when the application has quarkus-micrometer; the
 * listener it produces reaches the runtime like any other {@code SweepListener} bean.
 */
@Singleton
public class RetentionMeters {

  @Produces
  @Singleton
  MicrometerSweepListener retentionMeters(MeterRegistry registry) {
    return new MicrometerSweepListener(registry);
  }
}
