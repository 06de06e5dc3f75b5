package dev.retention.it.differential;

import dev.retention.runtime.generated.Cutoff;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.Date;
import java.util.function.Function;

/**
 * The mappings of a {@code @Ttl} attribute the differential test draws from, one column of {@link DifferentialRow}
 * each: how a case writes a value meant to stand for an instant, what the generated code would bind as the cutoff, and
 * which instant a stored value stands for. The last is the test's own reading of the user guide, not the runtime's:
 * a zone-less value stands for the latest instant it, or any value below it, could be in the runtime's zone, a day
 * for its start, a {@code Date} for its wall-clock time in the JVM's zone, an epoch number for the instant it counts
 * to.
 */
public enum Mapping {
  INSTANT("instantAt", Cutoff::toInstant, ChronoUnit.MICROS, true),
  LOCAL_DATE_TIME("localDateTimeAt", Cutoff::toLocalDateTime, ChronoUnit.MICROS, true),
  LOCAL_DATE("localDateAt", Cutoff::toLocalDate, ChronoUnit.DAYS, true),
  OFFSET_DATE_TIME("offsetAt", Cutoff::toOffsetDateTime, ChronoUnit.MICROS, true),
  ZONED_DATE_TIME("zonedAt", Cutoff::toZonedDateTime, ChronoUnit.MICROS, true),
  UTIL_DATE("utilDateAt", Cutoff::toDate, ChronoUnit.MILLIS, true),
  /** {@code @Temporal(DATE)} changes the column's JDBC type: no native statement may compare it. */
  UTIL_DATE_AS_DAY("utilDayAt", Cutoff::toSqlDate, ChronoUnit.DAYS, false),
  TIMESTAMP("timestampAt", Cutoff::toTimestamp, ChronoUnit.MICROS, true),
  CONVERTER("convertedAt", Cutoff::toInstant, ChronoUnit.MICROS, false),
  USER_TYPE("userTypeAt", Cutoff::toInstant, ChronoUnit.MICROS, false),
  JDBC_TYPE_CODE("jdbcCodedAt", Cutoff::toInstant, ChronoUnit.MICROS, false),
  EPOCH_SECONDS("epochSeconds", Cutoff::toEpochSeconds, ChronoUnit.SECONDS, true),
  EPOCH_MILLIS("epochMillis", Cutoff::toEpochMillis, ChronoUnit.MILLIS, true);

  /** What an {@code OffsetDateTime} is written with: not the runtime's zone, so that a mix-up shows. */
  private static final ZoneOffset WRITTEN_OFFSET = ZoneOffset.ofHoursMinutes(5, 30);

  public final String attribute;
  public final Function<Cutoff, Object> cutoffValue;
  /** The step between two values the column stores. */
  public final ChronoUnit unit;
  /** Whether a native statement may compare the column with a bound value (the shapes' allow-list says yes). */
  public final boolean nativelyComparable;

  Mapping(String attribute, Function<Cutoff, Object> cutoffValue, ChronoUnit unit, boolean nativelyComparable) {
    this.attribute = attribute;
    this.cutoffValue = cutoffValue;
    this.unit = unit;
    this.nativelyComparable = nativelyComparable;
  }

  /** The unit an epoch attribute counts, for its descriptor; null for a date. */
  public ChronoUnit epochUnit() {
    return this == EPOCH_SECONDS ? ChronoUnit.SECONDS : this == EPOCH_MILLIS ? ChronoUnit.MILLIS : null;
  }

  /** The step between two stored values, as a duration. */
  public Duration step() {
    return unit.getDuration();
  }

  /** The value a row is written with, meant to stand for {@code at} (null for null) in the runtime's {@code zone}. */
  public Object value(Instant at, ZoneId zone) {
    if (at == null) {
      return null;
    }
    Instant micros = at.truncatedTo(ChronoUnit.MICROS);
    return switch (this) {
      case INSTANT, CONVERTER, USER_TYPE, JDBC_TYPE_CODE -> micros;
      case LOCAL_DATE_TIME -> LocalDateTime.ofInstant(micros, zone);
      case LOCAL_DATE -> LocalDate.ofInstant(at, zone);
      case OFFSET_DATE_TIME -> OffsetDateTime.ofInstant(micros, WRITTEN_OFFSET);
      case ZONED_DATE_TIME -> ZonedDateTime.ofInstant(micros, zone);
      case UTIL_DATE -> Date.from(at.truncatedTo(ChronoUnit.MILLIS));
      // The factory reads and writes dates in UTC (hibernate.jdbc.time_zone): the day is the UTC day of this value.
      case UTIL_DATE_AS_DAY -> Date.from(LocalDate.ofInstant(at, zone).atStartOfDay(ZoneOffset.UTC).toInstant());
      case TIMESTAMP -> Timestamp.from(micros);
      case EPOCH_SECONDS -> at.getEpochSecond();
      case EPOCH_MILLIS -> Math.floorDiv(at.getEpochSecond() * 1_000_000_000L + at.getNano(), 1_000_000L);
    };
  }

  /** The instant a value read back from the column stands for, judged as the guide says; null for null. */
  public Instant standsFor(Object stored, ZoneId zone) {
    if (stored == null) {
      return null;
    }
    return switch (this) {
      case INSTANT, CONVERTER, USER_TYPE, JDBC_TYPE_CODE -> (Instant) stored;
      case LOCAL_DATE_TIME -> latest((LocalDateTime) stored, zone);
      case LOCAL_DATE -> latest(((LocalDate) stored).atStartOfDay(), zone);
      case OFFSET_DATE_TIME -> ((OffsetDateTime) stored).toInstant();
      case ZONED_DATE_TIME -> ((ZonedDateTime) stored).toInstant();
      case UTIL_DATE, TIMESTAMP -> {
        Instant instant = stored instanceof Timestamp timestamp ? timestamp.toInstant()
            : Instant.ofEpochMilli(((Date) stored).getTime());
        ZoneId jvm = ZoneId.systemDefault();
        yield latest(LocalDateTime.ofInstant(instant, jvm), jvm);
      }
      case UTIL_DATE_AS_DAY -> latest(
          LocalDate.ofInstant(Instant.ofEpochMilli(((Date) stored).getTime()), ZoneOffset.UTC).atStartOfDay(), zone);
      case EPOCH_SECONDS -> Instant.ofEpochSecond(Math.max(Instant.MIN.getEpochSecond(),
          Math.min(Instant.MAX.getEpochSecond(), (Long) stored))); // clamped, as the runtime reads a long
      case EPOCH_MILLIS -> Instant.ofEpochMilli((Long) stored);
    };
  }

  /**
   * The latest instant any wall-clock time at or before {@code wallClock} could be in {@code zone}. One statement
   * compares the column with one bound, so a value is expired only when no value at or before it could stand for an
   * instant after the cutoff: below a value just after an hour daylight saving skips lie the skipped hour's values,
   * read as up to an hour later than it.
   */
  private static Instant latest(LocalDateTime wallClock, ZoneId zone) {
    Instant latest = latestOf(wallClock, zone);
    ZoneRules rules = zone.getRules();
    Instant reach = latest.minus(Duration.ofDays(7));
    for (ZoneOffsetTransition change = rules.previousTransition(latest.plus(Duration.ofDays(1)));
        change != null && change.getInstant().isAfter(reach); change = rules.previousTransition(change.getInstant())) {
      LocalDateTime before = change.getDateTimeBefore();
      LocalDateTime after = change.getDateTimeAfter();
      LocalDateTime low = before.isBefore(after) ? before : after;
      LocalDateTime lastOfChange = (before.isBefore(after) ? after : before).minusNanos(1_000);
      if (!low.isAfter(wallClock)) {
        Instant highest = latestOf(lastOfChange.isAfter(wallClock) ? wallClock : lastOfChange, zone);
        latest = highest.isAfter(latest) ? highest : latest;
      }
    }
    return latest;
  }

  /**
   * The latest instant a wall-clock time could be in {@code zone}: in an hour daylight saving repeats, the second; in
   * one it skips, the reading with the offset from before the skip (which is what java.time gives).
   */
  private static Instant latestOf(LocalDateTime wallClock, ZoneId zone) {
    return wallClock.atZone(zone).withLaterOffsetAtOverlap().toInstant();
  }
}
