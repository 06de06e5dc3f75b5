package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.epoch.KeycloakEvent;
import dev.retention.it.epoch.RevokedToken;
import dev.retention.it.epoch.SignedUrl;
import dev.retention.it.epoch.SpringSessionRow;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code @Ttl} on numbers that hold epoch time, in the column shapes of Spring Session JDBC ({@code EXPIRY_TIME bigint},
 * milliseconds, the expiry itself) and Keycloak's events ({@code EVENT_TIME bigint}, milliseconds, kept 30 days), and
 * an {@code int} of JWT-style seconds: the boundary to the unit, null kept, the lag read in the attribute's unit.
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class EpochAttributeTest extends DatabaseSuite {

  /** A sweep's now with a fraction of a millisecond, so that the cutoff must be rounded down to compare. */
  static final Instant NOW = Instant.parse("2026-03-01T12:00:00.000700Z");
  static final long NOW_MILLIS = NOW.toEpochMilli();
  static final String SESSIONS = SpringSessionRow.class.getName();
  static final String EVENTS = KeycloakEvent.class.getName();
  static final String TOKENS = RevokedToken.class.getName();
  static final String URLS = SignedUrl.class.getName();

  EpochAttributeTest(TestDatabase.Kind kind) {
    super(kind, NOW, SpringSessionRow.class, KeycloakEvent.class, RevokedToken.class, SignedUrl.class);
  }

  private RetentionRuntime runtime(boolean portable) {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC).portableStatements(portable)
        .defaults(RetentionOptions.empty().withBatchSize(2))
        .build();
  }

  @ParameterizedTest(name = "portable statements: {0}")
  @ValueSource(booleans = {false, true})
  void aSpringSessionGoesOnceItsExpiryMillisecondIsAtOrBeforeNow(boolean portable) {
    Jpa.persistAll(emf, List.of(
        new SpringSessionRow("long-gone", Instant.parse("2001-01-01T00:00:00Z").toEpochMilli()),
        new SpringSessionRow("a-minute-ago", NOW_MILLIS - 60_000),
        new SpringSessionRow("this-millisecond", NOW_MILLIS),
        new SpringSessionRow("next-millisecond", NOW_MILLIS + 1),
        new SpringSessionRow("tomorrow", NOW_MILLIS + 86_400_000)));
    try (RetentionRuntime retention = runtime(portable)) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(3, report.deleted());
      assertEquals(Set.of("next-millisecond", "tomorrow"),
          ids("select s.primaryId from SpringSessionRow s", String.class));
    }
  }

  @ParameterizedTest(name = "portable statements: {0}")
  @ValueSource(booleans = {false, true})
  void aKeycloakEventGoesThirtyDaysAfterItsEventTimeAndNeverWithoutOne(boolean portable) {
    long cutoff = NOW_MILLIS - Duration.ofDays(30).toMillis();
    Jpa.persistAll(emf, List.of(
        new KeycloakEvent("older", cutoff - 1),
        new KeycloakEvent("on-the-cutoff", cutoff),
        new KeycloakEvent("younger", cutoff + 1),
        new KeycloakEvent("no-time", null)));
    try (RetentionRuntime retention = runtime(portable)) {
      SweepReport report = retention.sweep(EVENTS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(Set.of("younger", "no-time"), ids("select e.id from KeycloakEvent e", String.class));
    }
  }

  @ParameterizedTest(name = "portable statements: {0}")
  @ValueSource(booleans = {false, true})
  void anIntOfEpochSecondsGoesOnceItsSecondIsAtOrBeforeNow(boolean portable) {
    int nowSeconds = (int) NOW.getEpochSecond();
    Jpa.persistAll(emf, List.of(
        new RevokedToken(1, nowSeconds - 1),
        new RevokedToken(2, nowSeconds),
        new RevokedToken(3, nowSeconds + 1),
        new RevokedToken(4, null)));
    try (RetentionRuntime retention = runtime(portable)) {
      SweepReport report = retention.sweep(TOKENS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(Set.of(3L, 4L), ids("select t.id from RevokedToken t"));
    }
  }

  @Test
  void afterTheIntRangeEveryTokenWithAnExpiryIsExpired() {
    Jpa.persistAll(emf, List.of(new RevokedToken(1, Integer.MAX_VALUE), new RevokedToken(2, null)));
    clock.set(Instant.parse("2040-01-01T00:00:00Z"));
    try (RetentionRuntime retention = runtime(false)) {
      SweepReport report = retention.sweep(TOKENS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(Set.of(2L), ids("select t.id from RevokedToken t"));
    }
  }

  @Test
  void theLagIsReadInTheAttributesUnit() {
    Jpa.persistAll(emf, List.of(
        new SpringSessionRow("ten-minutes-ago", NOW_MILLIS - 600_000),
        new KeycloakEvent("thirty-days-and-an-hour-ago", NOW_MILLIS - Duration.ofDays(30).plusHours(1).toMillis())));
    Jpa.persistAll(emf, List.of(new RevokedToken(1, (int) NOW.minusSeconds(90).getEpochSecond())));
    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .defaults(RetentionOptions.empty().withDryRun(true)).build()) {
      assertEquals(Optional.of(Duration.ofMinutes(10).plusNanos(700_000)), retention.sweep(SESSIONS).lag());
      assertEquals(Optional.of(Duration.ofHours(1).plusNanos(700_000)), retention.sweep(EVENTS).lag());
      assertEquals(Optional.of(Duration.ofSeconds(90).plusNanos(700_000)), retention.sweep(TOKENS).lag());
    }
  }


  /**
   * An epoch column may hold seconds no {@code Instant} can: the dry run counts such a row and the lag reads it as the
   * earliest instant, as the sweep deletes it, instead of failing on "Instant exceeds minimum or maximum instant".
   */
  @Test
  void secondsBeyondWhatAnInstantHoldsAreReadAsItsEarliestInstant() {
    Jpa.persistAll(emf, List.of(
        new SignedUrl(1, Long.MIN_VALUE),
        new SignedUrl(2, NOW.getEpochSecond() - 60),
        new SignedUrl(3, NOW.getEpochSecond() + 60)));

    try (RetentionRuntime dryRun = RetentionRuntime.builder(emf).clock(clock)
        .options(URLS, RetentionOptions.empty().withDryRun(true)).build()) {
      SweepReport counted = dryRun.sweep(URLS);

      assertTrue(counted.succeeded(), () -> counted.failure().orElseThrow().toString());
      assertEquals(2, counted.deleted());
      assertEquals(Optional.of(Duration.between(Instant.MIN, NOW)), counted.lag());
    }
    try (RetentionRuntime retention = runtime(false)) {
      SweepReport report = retention.sweep(URLS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(2, report.deleted());
      assertEquals(Optional.empty(), report.lag());
    }
  }
}
