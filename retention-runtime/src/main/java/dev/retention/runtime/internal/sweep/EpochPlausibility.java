package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionOption;
import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.Reads;
import jakarta.persistence.EntityManager;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Which stored values of a pass's epoch attribute are implausible for the unit it declares, judged once a sweep before
 * it deletes or counts anything. Seconds and milliseconds differ a thousandfold, and the wrong one is silent: a column
 * of epoch seconds declared {@code MILLISECONDS} reads as January 1970, so every row would go at the first sweep; one
 * of milliseconds declared {@code SECONDS} (or of microseconds declared {@code MILLISECONDS}) reads as tens of
 * thousands of years ahead, so no row would ever go. Two index probes, the attribute's least and greatest values, tell
 * whether any value is off; only then one count says how many:
 *
 * <ul>
 *   <li>a milliseconds value before {@link PassModel#EARLIEST_MILLISECONDS} (1973-01-01) is where a mistake would
 *       delete rows: the predicate of such a pass keeps every row below that floor ({@code ExpiredRows}), so those rows
 *       are <em>set aside</em>, whatever they are (epoch seconds, or a sentinel such as 0), and the others go;
 *   <li>a value after {@link #LATEST} (5000-01-01) never expires, whatever its unit: nothing is deleted by it, but the
 *       rows are counted as set aside too, since their unit is most likely not the one declared.
 * </ul>
 *
 * <p>Neither fails the sweep: one implausible row is kept and reported ({@code SweepReport.setAside()}, with the values
 * read both ways and the way out: declare the other unit, or, when such values are meant, {@code epoch-check=false} for
 * the pass, which takes them as declared).
 *
 * <p>The unit is the one the pass declares ({@code PassModel.epochUnit()}); a pass over a date type is not judged.
 */
public final class EpochPlausibility {

  /**
   * Epoch values after this never expire: milliseconds declared as seconds, or microseconds as milliseconds, land
   * there.
   */
  public static final Instant LATEST = Instant.parse("5000-01-01T00:00:00Z");

  /** What a sweep found: how many rows it sets aside and why (null when none). */
  record Finding(long rows, @Nullable String reason) {
    static final Finding NONE = new Finding(0, null);

    /** Whether every value is plausible, so that whole partitions may go. */
    boolean plausible() {
      return rows == 0;
    }
  }

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

    /** {@code value} read in this unit, or what keeps it from being an instant. */
    String read(long value) {
      try {
        return (this == SECONDS ? Instant.ofEpochSecond(value) : Instant.ofEpochMilli(value)).toString();
      } catch (DateTimeException beyondInstant) {
        return "beyond the range of java.time.Instant";
      }
    }

    long latest() {
      return this == SECONDS ? LATEST.getEpochSecond() : LATEST.toEpochMilli();
    }
  }

  private EpochPlausibility() {}

  /**
   * Judges the stored values of {@code pass}'s attribute, when it holds epoch time and {@code epoch-check} is on.
   *
   * @return how many rows are set aside, and why; {@link Finding#NONE} when every value is plausible
   */
  public static Finding judge(EntityManager em, PassModel pass, PassSettings settings) {
    if (!settings.epochCheck()) {
      return Finding.NONE;
    }
    Optional<Unit> unit =
        pass.epochUnit().map(chrono -> chrono == ChronoUnit.MILLIS ? Unit.MILLISECONDS : Unit.SECONDS);
    if (unit.isEmpty()) {
      return Finding.NONE;
    }
    Object[] range = Reads.range(em, pass);
    if (range[0] == null) {
      return Finding.NONE; // no row has a value
    }
    long oldest = ((Number) range[0]).longValue();
    long newest = ((Number) range[1]).longValue();
    long earliest = PassModel.EARLIEST_MILLISECONDS.toEpochMilli();
    List<String> reasons = new ArrayList<>();
    long rows = 0;
    if (unit.get() == Unit.MILLISECONDS && oldest < earliest) {
      long early = Reads.countOutside(em, pass, earliest, false);
      rows += early;
      reasons.add(early + " read as epoch milliseconds before " + PassModel.EARLIEST_MILLISECONDS + " (the oldest, "
          + oldest + ", as " + Unit.MILLISECONDS.read(oldest) + "; as epoch seconds " + Unit.SECONDS.read(oldest)
          + "): epoch seconds declared as milliseconds, or a sentinel, kept rather than taken as expired since 1970");
    }
    if (newest > unit.get().latest()) {
      long late = Reads.countOutside(em, pass, unit.get().latest(), true);
      rows += late;
      reasons.add(late + " read as " + unit.get().words + " after " + LATEST + " (the newest, " + newest + ", as "
          + unit.get().read(newest) + "), which never expire: " + (unit.get() == Unit.SECONDS
              ? "epoch milliseconds declared as seconds?" : "epoch microseconds declared as milliseconds?"));
    }
    if (rows == 0) {
      return Finding.NONE;
    }
    return new Finding(rows, String.join("; ", reasons) + ". If the column holds another unit, declare it on "
        + pass.ttlAttribute() + " (epoch = " + (unit.get() == Unit.SECONDS ? Unit.MILLISECONDS : Unit.SECONDS).constant
        + " or another); if these values are meant, retention." + pass.name() + "."
        + RetentionOption.EPOCH_CHECK.key() + "=false takes them as " + unit.get().words);
  }
}
