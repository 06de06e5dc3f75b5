package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.Reads;
import jakarta.persistence.EntityManager;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Whether the values a pass's epoch attribute holds are plausible for the unit it declares, checked before a sweep
 * deletes or counts anything. Seconds and milliseconds differ a thousandfold, and the wrong one is silent: a column of
 * epoch seconds declared {@code MILLISECONDS} reads as January 1970, so every row would go at the first sweep; one of
 * milliseconds declared {@code SECONDS} reads as tens of thousands of years ahead, so no row would ever go. Two index
 * probes, the attribute's least and greatest values over the whole table, tell either apart from real data:
 *
 * <ul>
 *   <li>a milliseconds attribute whose oldest value is before {@link #EARLIEST_MILLISECONDS} (1973-01-01): every epoch
 *       second up to the year 4970 reads as milliseconds before it, and an application that stamps rows in
 *       milliseconds has no reason to stamp one in 1970-1972;
 *   <li>a seconds attribute whose newest value is after {@link #LATEST_SECONDS} (5000-01-01): every epoch millisecond
 *       after 1973-01-11 reads as seconds after it.
 * </ul>
 *
 * <p>Either fails the sweep before its first statement that deletes or counts, every row kept, with the pass, the
 * attribute, the unit and the values read both ways, and the two ways out: declare the other unit, or, when such
 * values are meant (a sentinel such as 0 or {@code Long.MAX_VALUE}), set {@code epoch-check=false} for the pass.
 *
 * <p>The unit is the one the pass declares ({@code PassModel.epochUnit()}); a pass over a date type is not checked.
 */
public final class EpochPlausibility {

  /** Epoch milliseconds before this are implausible: epoch seconds misdeclared as milliseconds land there. */
  public static final Instant EARLIEST_MILLISECONDS = Instant.parse("1973-01-01T00:00:00Z");

  /** Epoch seconds after this are implausible: epoch milliseconds misdeclared as seconds land there. */
  public static final Instant LATEST_SECONDS = Instant.parse("5000-01-01T00:00:00Z");

  /** The two units of epoch time. */
  enum Unit {
    SECONDS("epoch seconds", "EpochUnit.SECONDS"),
    MILLISECONDS("epoch milliseconds", "EpochUnit.MILLISECONDS");

    private final String words;
    private final String constant;

    Unit(String words, String constant) {
      this.words = words;
      this.constant = constant;
    }

    Unit other() {
      return this == SECONDS ? MILLISECONDS : SECONDS;
    }

    /** {@code value} read in this unit, or what keeps it from being an instant. */
    String read(long value) {
      try {
        return (this == SECONDS ? Instant.ofEpochSecond(value) : Instant.ofEpochMilli(value)).toString();
      } catch (DateTimeException beyondInstant) {
        return "beyond the range of java.time.Instant";
      }
    }
  }

  private EpochPlausibility() {}

  /**
   * Checks the stored values of {@code pass}'s attribute, when it holds epoch time and {@code epoch-check} is on.
   *
   * @throws IllegalStateException when they are implausible for the declared unit, saying why and what to do
   */
  public static void check(EntityManager em, PassModel pass, PassSettings settings) {
    if (!settings.epochCheck()) {
      return;
    }
    Optional<Unit> unit = pass.epochUnit().map(chrono -> chrono == ChronoUnit.MILLIS ? Unit.MILLISECONDS : Unit.SECONDS);
    if (unit.isEmpty()) {
      return;
    }
    Object[] range = Reads.range(em, pass);
    if (range[0] == null) {
      return; // no row has a value
    }
    long oldest = ((Number) range[0]).longValue();
    long newest = ((Number) range[1]).longValue();
    if (unit.get() == Unit.MILLISECONDS && oldest < EARLIEST_MILLISECONDS.toEpochMilli()) {
      throw new IllegalStateException(describe(pass, Unit.MILLISECONDS, "oldest", oldest, "newest", newest,
          "before " + EARLIEST_MILLISECONDS, "every row would be taken as expired since 1970"));
    }
    if (unit.get() == Unit.SECONDS && newest > LATEST_SECONDS.getEpochSecond()) {
      throw new IllegalStateException(describe(pass, Unit.SECONDS, "newest", newest, "oldest", oldest,
          "after " + LATEST_SECONDS, "rows would be taken as expiring thousands of years late"));
    }
  }

  private static String describe(PassModel pass, Unit declared, String which, long value, String otherWhich,
      long otherValue, String bound, String consequence) {
    return "Pass " + pass.name() + ": its @Ttl attribute " + pass.ttlAttribute() + " is declared to hold "
        + declared.words + " (epoch = " + declared.constant + "), but its " + which + " value, " + value + ", reads as "
        + declared.read(value) + ", " + bound + ", and its " + otherWhich + ", " + otherValue + ", as "
        + declared.read(otherValue) + "; read as " + declared.other().words + " they are " + declared.other().read(value)
        + " and " + declared.other().read(otherValue) + ". The column most likely holds " + declared.other().words
        + ", and " + consequence + ", so this sweep deleted nothing. If it holds " + declared.other().words
        + ", declare epoch = " + declared.other().constant + " on " + pass.ttlAttribute() + "; if these values are"
        + " meant, turn this check off for the pass with retention." + pass.name() + "."
        + RetentionOption.EPOCH_CHECK.key() + "=false";
  }
}
