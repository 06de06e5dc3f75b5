package dev.retention.runtime.generated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The cutoff counted in epoch units: rounded down, so that a stored count is expired exactly when the instant it
 * stands for is at or before the cutoff (a count of the next unit stands for an instant after it).
 */
class CutoffEpochTest {

  @ParameterizedTest(name = "{0}: {1} s, {2} ms")
  @CsvSource({
      "2026-03-01T12:00:00Z,           1772366400, 1772366400000",
      "2026-03-01T12:00:00.999999999Z, 1772366400, 1772366400999",
      "2026-03-01T12:00:00.0005Z,      1772366400, 1772366400000",
      "1969-12-31T23:59:59.5Z,         -1,         -500",
      "1970-01-01T00:00:00Z,           0,          0"})
  void theCutoffIsCountedInWholeUnitsRoundedDown(String instant, long seconds, long millis) {
    Cutoff cutoff = Cutoff.of(Instant.parse(instant), ZoneOffset.UTC);

    assertEquals(seconds, cutoff.toEpochSeconds());
    assertEquals(millis, cutoff.toEpochMillis());
    assertEquals(Instant.ofEpochSecond(seconds), cutoff.instantOf(Instant.ofEpochSecond(seconds)));
  }

  @ParameterizedTest(name = "{0} as int seconds: {1}")
  @CsvSource({
      "2026-03-01T12:00:00Z, 1772366400",
      "2038-01-19T03:14:07Z, 2147483647",
      "2038-01-19T03:14:08Z, 2147483647",
      "2200-01-01T00:00:00Z, 2147483647",
      "1901-12-13T20:45:52Z, -2147483648"})
  void anIntCutoffAfter2038IsTheLargestInt(String instant, int seconds) {
    assertEquals(seconds, Cutoff.of(Instant.parse(instant), ZoneOffset.UTC).toEpochSecondsAsInt());
  }

  @ParameterizedTest
  @CsvSource("1901-12-13T20:45:51Z")
  void anIntCutoffBeforeTheEarliestIntIsRefusedRatherThanRaised(String instant) {
    Cutoff cutoff = Cutoff.of(Instant.parse(instant), ZoneOffset.UTC);

    ArithmeticException refused = assertThrows(ArithmeticException.class, cutoff::toEpochSecondsAsInt);
    assertEquals("The cutoff 1901-12-13T20:45:51Z is before the earliest instant an int of epoch seconds holds"
        + " (1901-12-13T20:45:52Z)", refused.getMessage());
  }
}
