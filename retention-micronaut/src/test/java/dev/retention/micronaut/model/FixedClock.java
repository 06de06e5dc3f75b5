package dev.retention.micronaut.model;

import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

/** The application's clock: what is expired is decided by it, never by when a test runs. */
@Factory
public class FixedClock {

  public static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

  @Singleton
  Clock clock() {
    return Clock.fixed(NOW, ZoneOffset.UTC);
  }
}
