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
 * Epoch values that the declared unit misreads are set aside, never a reason to stop: their rows are kept and counted
 * in the report with why, and the pass goes on for the others. Before, a column of epoch seconds declared
 * {@code MILLISECONDS} read as January 1970 and went whole at the first sweep; and once that was caught, one sentinel
 * (a primitive 0, or 9999-12-31) failed every sweep of the table for ever. The bounds: a milliseconds value before
 * 1973-01-01 would be taken as expired, so the predicate keeps it; a value after 5000-01-01 never expires.
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
  void secondsInAMillisecondsColumnAreSetAsideAndEveryRowIsKept(boolean dryRun) {
    persistSessionsInSeconds();

    try (RetentionRuntime retention = runtime(RetentionOptions.empty().withDryRun(dryRun))) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.succeeded(), () -> "set aside, not failed: " + report);
      assertEquals(0, report.deleted(), report::toString);
      assertEquals(4, report.setAside(), report::toString);
      String reason = report.setAsideReason().orElseThrow();
      assertTrue(reason.startsWith("4 read as epoch milliseconds before 1973-01-01T00:00:00Z (the oldest, 1772362800,"
          + " as 1970-01-21T12:19:22.800Z; as epoch seconds 2026-03-01T11:00:00Z): epoch seconds declared as"
          + " milliseconds, or a sentinel, kept rather than taken as expired since 1970. If the column holds another"
          + " unit, declare it on expiryTime (epoch = EpochUnit.SECONDS or another); if these values are meant,"
          + " retention." + SESSIONS + ".epoch-check=false takes them as epoch milliseconds"), reason);
      assertTrue(report.toString().contains(", set aside 4 rows (4 read as epoch milliseconds before 1973"), report::toString);
    }
    assertEquals(Set.of("an-hour-ago", "in-an-hour", "tomorrow", "next-week"), sessionIds());
  }

  @Test
  void millisecondsInASecondsColumnNeverExpireAndAreCounted() {
    Jpa.persistAll(emf, List.of(new ApiKey(1, NOW_MILLIS - 1_000), new ApiKey(2, NOW_SECONDS - 1),
        new ApiKey(3, null)));

    try (RetentionRuntime retention = runtime(RetentionOptions.empty())) {
      SweepReport report = retention.sweep(KEYS);

      assertTrue(report.succeeded(), report::toString);
      assertEquals(1, report.deleted(), report::toString);
      assertEquals(1, report.setAside(), report::toString);
      assertTrue(report.setAsideReason().orElseThrow().startsWith("1 read as epoch seconds after"
          + " 5000-01-01T00:00:00Z (the newest, 1772366399000, as +58134-01-20T23:43:20Z), which never expire: epoch"
          + " milliseconds declared as seconds?"), report::toString);
    }
    assertEquals(Set.of(1L, 3L), ids("select k.id from ApiKey k"));
  }

  /** Microseconds in a milliseconds column read as tens of thousands of years ahead: kept, and now said. */
  @Test
  void microsecondsInAMillisecondsColumnAreCounted() {
    Jpa.persistAll(emf, List.of(new SpringSessionRow("micros", NOW_MILLIS * 1_000),
        new SpringSessionRow("expired", NOW_MILLIS - 1)));

    try (RetentionRuntime retention = runtime(RetentionOptions.empty())) {
      SweepReport report = retention.sweep(SESSIONS);

      assertEquals(1, report.deleted(), report::toString);
      assertEquals(1, report.setAside(), report::toString);
      assertTrue(report.setAsideReason().orElseThrow().contains("epoch microseconds declared as milliseconds?"),
          report::toString);
    }
    assertEquals(Set.of("micros"), sessionIds());
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
      assertEquals(0, sessions.setAside() + keys.setAside());
    }
    assertEquals(Set.of("tomorrow"), sessionIds());
    assertEquals(Set.of(2L), ids("select k.id from ApiKey k"));
  }

  /** A millisecond before 1973 is set aside: that row would go as expired since 1970; the others go as due. */
  @Test
  void aSentinelBeforeTheBoundIsSetAsideAndTheOthersGo() {
    Jpa.persistAll(emf, List.of(new SpringSessionRow("last-of-1972", Instant.parse("1973-01-01T00:00:00Z")
        .toEpochMilli() - 1), new SpringSessionRow("zero", 0), new SpringSessionRow("expired", NOW_MILLIS - 1),
        new SpringSessionRow("tomorrow", NOW_MILLIS + 86_400_000)));

    try (RetentionRuntime retention = runtime(RetentionOptions.empty())) {
      SweepReport report = retention.sweep(SESSIONS);

      assertTrue(report.succeeded(), report::toString);
      assertEquals(1, report.deleted(), report::toString);
      assertEquals(2, report.setAside(), report::toString);
    }
    assertEquals(Set.of("last-of-1972", "zero", "tomorrow"), sessionIds());
  }

  /** 9999-12-31, a common "never", and Long.MAX_VALUE in a seconds column: kept, counted, and the others go. */
  @Test
  void farFutureSentinelsInASecondsColumnStopNothing() {
    Jpa.persistAll(emf, List.of(new ApiKey(1, 253_402_300_799L), new ApiKey(2, Long.MAX_VALUE),
        new ApiKey(3, NOW_SECONDS - 1), new ApiKey(4, NOW_SECONDS + 60)));

    try (RetentionRuntime retention = runtime(RetentionOptions.empty())) {
      SweepReport report = retention.sweep(KEYS);

      assertTrue(report.succeeded(), report::toString);
      assertEquals(1, report.deleted(), report::toString);
      assertEquals(2, report.setAside(), "both read after the year 5000, and never expire: " + report);
    }
    assertEquals(Set.of(1L, 2L, 4L), ids("select k.id from ApiKey k"));
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
