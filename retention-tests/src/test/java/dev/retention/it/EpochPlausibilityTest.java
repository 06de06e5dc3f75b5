package dev.retention.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.it.epoch.ApiKey;
import dev.retention.it.epoch.SpringSessionRow;
import dev.retention.it.support.DatabaseSuite;
import dev.retention.it.support.EveryProvider;
import dev.retention.it.support.Jpa;
import dev.retention.it.support.TestDatabase;
import dev.retention.runtime.RetentionOptions;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Epoch values that the declared unit misreads keep every row and fail the sweep, loudly. Before, a column of epoch
 * seconds declared {@code MILLISECONDS} read as January 1970 and went whole at the first sweep, sessions that had
 * hours to live included. The bounds: a milliseconds value before 1973-01-01, a seconds value after 5000-01-01.
 */
@EveryProvider
@ParameterizedClass(name = "{0}")
@EnumSource(TestDatabase.Kind.class)
class EpochPlausibilityTest extends DatabaseSuite {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final long NOW_SECONDS = NOW.getEpochSecond();
  static final long NOW_MILLIS = NOW.toEpochMilli();
  static final String SESSIONS = SpringSessionRow.class.getName();
  static final String KEYS = ApiKey.class.getName();

  EpochPlausibilityTest(TestDatabase.Kind kind) {
    super(kind, NOW, SpringSessionRow.class, ApiKey.class);
  }

  /** Spring Session's table, written in seconds: an hour ago, and an hour, a day and a week ahead. */
  private void persistSessionsInSeconds() {
    Jpa.persistAll(emf, List.of(
        new SpringSessionRow("an-hour-ago", NOW_SECONDS - 3_600),
        new SpringSessionRow("in-an-hour", NOW_SECONDS + 3_600),
        new SpringSessionRow("tomorrow", NOW_SECONDS + 86_400),
        new SpringSessionRow("next-week", NOW_SECONDS + 604_800)));
  }

  @ParameterizedTest(name = "dry run: {0}")
  @ValueSource(booleans = {false, true})
  void secondsInAMillisecondsColumnFailTheSweepAndKeepEveryRow(boolean dryRun) {
    persistSessionsInSeconds();

    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withDryRun(dryRun))) {
      SweepReport report = retention.sweep(SESSIONS);

      assertEquals(0, report.deleted(), report::toString);
      assertEquals(0, report.batches());
      String failure = report.failure().orElseThrow(() -> new AssertionError("the sweep succeeded: " + report))
          .getMessage();
      assertTrue(failure.contains("Pass " + SESSIONS + ": its @Ttl attribute expiryTime is declared to hold epoch"
          + " milliseconds (epoch = EpochUnit.MILLISECONDS), but its oldest value, 1772362800, reads as"
          + " 1970-01-21T12:19:22.800Z, before 1973-01-01T00:00:00Z, and its newest, 1772971200, as"
          + " 1970-01-21T12:29:31.200Z; read as epoch seconds they are 2026-03-01T11:00:00Z and"
          + " 2026-03-08T12:00:00Z. The column most likely holds epoch seconds, and every row would be taken as"
          + " expired since 1970, so this sweep deleted nothing. If it holds epoch seconds, declare epoch ="
          + " EpochUnit.SECONDS on expiryTime; if these values are meant, turn this check off for the pass with"
          + " retention." + SESSIONS + ".epoch-check=false"), failure);
    }
    assertEquals(Set.of("an-hour-ago", "in-an-hour", "tomorrow", "next-week"), sessionIds());
  }

  @Test
  void millisecondsInASecondsColumnFailTheSweepAndKeepEveryRow() {
    Jpa.persistAll(emf, List.of(new ApiKey(1, NOW_MILLIS - 1_000), new ApiKey(2, NOW_SECONDS - 1),
        new ApiKey(3, null)));

    try (RetentionRuntime retention = runtime(RetentionOptions.empty())) {
      SweepReport report = retention.sweep(KEYS);

      assertEquals(0, report.deleted(), report::toString);
      String failure = report.failure().orElseThrow(() -> new AssertionError("the sweep succeeded: " + report))
          .getMessage();
      assertTrue(failure.contains("Pass " + KEYS + ": its @Ttl attribute expiresAt is declared to hold epoch seconds"
          + " (epoch = EpochUnit.SECONDS), but its newest value, 1772366399000, reads as +58134-01-20T23:43:20Z,"
          + " after 5000-01-01T00:00:00Z, and its oldest, 1772366399, as 2026-03-01T11:59:59Z; read as epoch"
          + " milliseconds they are 2026-03-01T11:59:59Z and 1970-01-21T12:19:26.399Z."), failure);
    }
    assertEquals(Set.of(1L, 2L, 3L), ids("select k.id from ApiKey k"));
  }

  /** The bounds themselves are plausible: 1973-01-01 in milliseconds, 5000-01-01 in seconds. */
  @Test
  void valuesOnTheBoundsAreSwept() {
    Jpa.persistAll(emf, List.of(new SpringSessionRow("first-of-1973", Instant.parse("1973-01-01T00:00:00Z")
        .toEpochMilli()), new SpringSessionRow("tomorrow", NOW_MILLIS + 86_400_000)));
    Jpa.persistAll(emf, List.of(new ApiKey(1, NOW_SECONDS),
        new ApiKey(2, Instant.parse("5000-01-01T00:00:00Z").getEpochSecond())));

    try (RetentionRuntime retention = runtime(RetentionOptions.empty())) {
      SweepReport sessions = retention.sweep(SESSIONS);
      SweepReport keys = retention.sweep(KEYS);

      assertTrue(sessions.succeeded(), () -> sessions.failure().orElseThrow().toString());
      assertTrue(keys.succeeded(), () -> keys.failure().orElseThrow().toString());
    }
    assertEquals(Set.of("tomorrow"), sessionIds());
    assertEquals(Set.of(2L), ids("select k.id from ApiKey k"));
  }

  /** A millisecond before 1973 is enough: that row would go as expired since 1970, whatever the column holds. */
  @Test
  void oneValueBeforeTheBoundFailsTheSweep() {
    Jpa.persistAll(emf, List.of(new SpringSessionRow("last-of-1972", Instant.parse("1973-01-01T00:00:00Z")
        .toEpochMilli() - 1), new SpringSessionRow("tomorrow", NOW_MILLIS + 86_400_000)));

    try (RetentionRuntime retention = runtime(RetentionOptions.empty())) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.failure().isPresent(), report::toString);
    }
    assertEquals(Set.of("last-of-1972", "tomorrow"), sessionIds());
  }

  /** What the check prevents: with it off, the seconds read as 1970, and every session goes. */
  @Test
  void withTheCheckOffForThePassTheValuesAreTakenAsDeclared() {
    persistSessionsInSeconds();

    try (RetentionRuntime retention = RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC)
        .configuration(java.util.Map.of("retention." + SESSIONS + ".epoch-check", "false"))
        .build()) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.succeeded(), () -> report.failure().orElseThrow().toString());
      assertEquals(4, report.deleted());
    }
    assertEquals(Set.of(), sessionIds());
  }

  private RetentionRuntime runtime(RetentionOptions defaults) {
    return RetentionRuntime.builder(emf).clock(clock).zone(ZoneOffset.UTC).defaults(defaults).build();
  }

  private Set<String> sessionIds() {
    return ids("select s.primaryId from SpringSessionRow s", String.class);
  }
}
