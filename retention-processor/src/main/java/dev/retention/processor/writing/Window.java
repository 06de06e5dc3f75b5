package dev.retention.processor.writing;

/**
 * A window in the largest unit that divides it, as the pass's constructor passes it ({@code Duration.ofDays(30)}) and
 * its javadoc describes it ("30 days").
 *
 * @param amount how many units; at most {@code Integer.MAX_VALUE}, the largest window {@code @Ttl} allows
 * @param unit the unit's name, singular
 * @param factory the {@code java.time.Duration} factory method of the unit
 */
record Window(long amount, String unit, String factory) {

  static Window of(long seconds) {
    if (seconds % 86_400 == 0) {
      return new Window(seconds / 86_400, "day", "ofDays");
    }
    if (seconds % 3_600 == 0) {
      return new Window(seconds / 3_600, "hour", "ofHours");
    }
    if (seconds % 60 == 0) {
      return new Window(seconds / 60, "minute", "ofMinutes");
    }
    return new Window(seconds, "second", "ofSeconds");
  }

  String describe() {
    return amount + " " + unit + (amount == 1 ? "" : "s");
  }
}
