package dev.retention.runtime.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {

  @Test
  void readsTheShortFormsAndIso8601() {
    assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
    assertEquals(Duration.ofSeconds(30), Durations.parse("30s"));
    assertEquals(Duration.ofMinutes(5), Durations.parse("5m"));
    assertEquals(Duration.ofHours(12), Durations.parse("12h"));
    assertEquals(Duration.ofDays(90), Durations.parse("90d"));
    assertEquals(Duration.ofDays(90), Durations.parse(" 90D "));
    assertEquals(Duration.ofSeconds(30), Durations.parse("PT30S"));
    assertEquals(Duration.ofDays(90), Durations.parse("P90D"));
    assertEquals(Duration.ofMinutes(90), Durations.parse("pt1h30m"));
    assertEquals(Duration.ZERO, Durations.parse("0"));
  }

  @Test
  void rejectsABareNumberWhoseUnitWouldBeAGuess() {
    IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> Durations.parse("30"));
    assertEquals("expected a duration such as 90d, 12h, 30m, 10s, 500ms or ISO-8601 (PT30S, P90D)",
        failure.getMessage());
  }

  @Test
  void writesTheShortestFormThatReadsBack() {
    for (String text : new String[] {"0", "500ms", "30s", "5m", "12h", "90d", "1500ms", "PT0.000001S"}) {
      assertEquals(text, Durations.format(Durations.parse(text)));
    }
  }

  @Test
  void aWellFormedDurationBeyondWhatDurationHoldsIsTooLongNotAnArithmeticFailure() {
    for (String text : new String[] {"999999999999999d", "99999999999999999999s", "P999999999999999D",
        "PT99999999999999999999S"}) {
      assertThrows(Durations.TooLongException.class, () -> Durations.parse(text), text);
    }
  }

  @Test
  void writesADurationTooLongForMillisecondsInIso8601() {
    assertEquals("PT2562047788015215H", Durations.format(Duration.ofHours(2562047788015215L)));
  }
}
