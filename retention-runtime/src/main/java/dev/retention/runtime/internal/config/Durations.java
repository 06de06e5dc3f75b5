package dev.retention.runtime.internal.config;

import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.ScopeWindows;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads and writes durations the way configuration files write them: {@code PT30S}, {@code P90D}, {@code 90d}. */
public final class Durations {

  private static final Pattern SHORT = Pattern.compile("(-?\\d+)\\s*(ms|s|m|h|d)");

  private Durations() {}

  /** A duration too long for {@link Duration} itself (about 292 billion years): a typo, never a setting. */
  public static final class TooLongException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    TooLongException(Throwable cause) {
      super("too long to be a duration", cause);
    }
  }

  /**
   * Parses ISO-8601 ({@code PT1H}, {@code P90D}) or a number with a unit: {@code ms}, {@code s}, {@code m}, {@code h},
   * {@code d}. A bare {@code 0} is zero; any other bare number is rejected because its unit would be a guess.
   *
   * @throws TooLongException when the value is well-formed but beyond what {@link Duration} holds
   * @throws IllegalArgumentException saying which forms are accepted
   */
  public static Duration parse(String text) {
    String value = text.trim();
    if (value.equals("0")) {
      return Duration.ZERO;
    }
    Matcher shortForm = SHORT.matcher(value.toLowerCase(Locale.ROOT));
    if (shortForm.matches()) {
      try {
        long amount = Long.parseLong(shortForm.group(1));
        return switch (shortForm.group(2)) {
          case "ms" -> Duration.ofMillis(amount);
          case "s" -> Duration.ofSeconds(amount);
          case "m" -> Duration.ofMinutes(amount);
          case "h" -> Duration.ofHours(amount);
          default -> Duration.ofDays(amount);
        };
      } catch (NumberFormatException | ArithmeticException overflow) {
        // The pattern admits only digits, so a number that does not parse is one beyond a long.
        throw new TooLongException(overflow);
      }
    }
    try {
      return Duration.parse(value.toUpperCase(Locale.ROOT));
    } catch (DateTimeParseException e) {
      // The pattern Duration.parse checks admits only digits, so a number it cannot read is beyond a long.
      if (e.getCause() instanceof ArithmeticException || e.getCause() instanceof NumberFormatException) {
        throw new TooLongException(e);
      }
      throw new IllegalArgumentException(
          "expected a duration such as 90d, 12h, 30m, 10s, 500ms or ISO-8601 (PT30S, P90D)", e);
    }
  }

  /** The largest number of seconds whose milliseconds a {@code long} still holds. */
  private static final long LONGEST_IN_MILLIS = Long.MAX_VALUE / 1_000 - 1;

  /**
   * The shortest of the accepted forms that reads back to the same duration; {@code never} for
   * {@link ScopeWindows#NEVER}, as the {@code retention} option reads it.
   */
  public static String format(Duration duration) {
    if (ScopeWindows.NEVER.equals(duration)) {
      return RetentionOption.NEVER;
    }
    if (duration.isZero()) {
      return "0";
    }
    if (Math.abs(duration.getSeconds()) > LONGEST_IN_MILLIS) {
      return duration.toString();
    }
    long millis = duration.toMillis();
    if (Duration.ofMillis(millis).equals(duration)) {
      if (millis % 86_400_000L == 0) {
        return millis / 86_400_000L + "d";
      }
      if (millis % 3_600_000L == 0) {
        return millis / 3_600_000L + "h";
      }
      if (millis % 60_000L == 0) {
        return millis / 60_000L + "m";
      }
      if (millis % 1_000L == 0) {
        return millis / 1_000L + "s";
      }
      return millis + "ms";
    }
    return duration.toString();
  }
}
