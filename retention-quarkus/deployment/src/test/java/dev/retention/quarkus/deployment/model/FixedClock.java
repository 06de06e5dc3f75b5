package dev.retention.quarkus.deployment.model;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

/** The application's clock: the extension hands it to the runtime, so every sweep's cutoff comes from it. */
@Singleton
public class FixedClock {

  /** "Now" for every test: the rows of {@code import.sql} are expired or live relative to it. */
  public static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

  @Produces
  @Singleton
  Clock clock() {
    return Clock.fixed(NOW, ZoneOffset.UTC);
  }
}
