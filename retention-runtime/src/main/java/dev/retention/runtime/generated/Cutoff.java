package dev.retention.runtime.generated;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.Objects;

/**
 * The instant that separates expired rows from kept ones in one sweep, expressed in every attribute type that
 * {@code @Ttl} supports. A row is expired when its attribute is at or before the cutoff.
 *
 * <p>Zone-less types ({@link LocalDateTime}, {@link LocalDate}, {@link java.sql.Date}) are read in {@link #zone()}, the
 * runtime's zone. So is {@link Calendar}: Hibernate stores a calendar's wall-clock time in the calendar's own zone and
 * reads it back in the JDBC zone, so only its wall-clock time survives, and that is compared in the runtime's zone.
 * A date-only attribute is expired once the start of its day is at or before the cutoff.
 *
 * <p>A zone-less value is judged by the latest instant it could stand for: a wall-clock time in an hour the zone
 * repeats when daylight saving ends stands for two instants, and is expired only once the later one is at or before
 * the cutoff; one in an hour the zone skips is read with the offset from before the skip, the later reading. So the
 * zone-less forms of the cutoff ({@link #toLocalDateTime()}, {@link #toLocalDate()}, {@link #toSqlDate()},
 * {@link #toCalendar()}) are the largest wall-clock value such that no value at or before it could stand for an
 * instant after the cutoff: the cutoff's own wall-clock time, except within an hour or so of a transition, where it is
 * up to the transition's shift earlier. A {@link Date} or {@link Timestamp} that a JDBC driver stores as a wall-clock
 * time in the JVM's zone (a {@code timestamp} column without {@code hibernate.jdbc.time_zone}) is one more zone-less
 * value: {@link #toDate()} and {@link #toTimestamp()} are lowered the same way in the JVM's zone, which changes nothing
 * when that zone has no transition near the cutoff (UTC, say).
 *
 * <p>An attribute that holds epoch time compares with the cutoff counted in the same unit, rounded down: a row stamped
 * {@code s} seconds is expired when the instant {@code s} stands for is at or before the cutoff, which is exactly when
 * {@code s <= floor(cutoff in seconds)}.
 *
 * @param instant the cutoff instant: the sweep's {@code now} minus the pass's retention
 * @param zone the zone in which zone-less attribute values are read
 */
public record Cutoff(Instant instant, ZoneId zone) {

  public Cutoff {
    Objects.requireNonNull(instant, "instant");
    Objects.requireNonNull(zone, "zone");
  }

  public static Cutoff of(Instant instant, ZoneId zone) {
    return new Cutoff(instant, zone);
  }

  public Instant toInstant() {
    return instant;
  }

  public OffsetDateTime toOffsetDateTime() {
    return OffsetDateTime.ofInstant(instant, zone);
  }

  public ZonedDateTime toZonedDateTime() {
    return ZonedDateTime.ofInstant(instant, zone);
  }

  /** The largest wall-clock time in {@link #zone()} that no value at or before could stand for a later instant. */
  public LocalDateTime toLocalDateTime() {
    return WallClocks.latestSafe(instant, zone);
  }

  /** The last day whose start, read in {@link #zone()} at its latest, is at or before the cutoff. */
  public LocalDate toLocalDate() {
    return toLocalDateTime().toLocalDate();
  }

  /**
   * The cutoff instant, lowered where the JVM's zone has an offset transition near it: a driver may store a date as
   * its wall-clock time in that zone (see the class comment).
   */
  public Date toDate() {
    return Date.from(instantForTheJvmZone());
  }

  /** As {@link #toDate()}. */
  public Timestamp toTimestamp() {
    return Timestamp.from(instantForTheJvmZone());
  }

  private Instant instantForTheJvmZone() {
    return WallClocks.latestSafeZoned(instant, ZoneId.systemDefault()).toInstant();
  }

  public java.sql.Date toSqlDate() {
    return java.sql.Date.valueOf(toLocalDate());
  }

  /**
   * The cutoff as a calendar in the runtime's zone, whose wall-clock time is what the database compares: that of
   * {@link #toLocalDateTime()}, or, when that falls in an hour the zone skips, the last moment before it.
   */
  public Calendar toCalendar() {
    return GregorianCalendar.from(WallClocks.latestSafeZoned(instant, zone));
  }

  /** The cutoff in whole seconds since the epoch, rounded down, for an attribute that holds epoch seconds. */
  public long toEpochSeconds() {
    return instant.getEpochSecond();
  }

  /** The cutoff in whole milliseconds since the epoch, rounded down, for an attribute that holds epoch milliseconds. */
  public long toEpochMillis() {
    return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000L), instant.getNano() / 1_000_000);
  }

  /**
   * {@link #toEpochSeconds()} for an {@code int} attribute. A cutoff after 2038-01-19T03:14:07Z is given as
   * {@code Integer.MAX_VALUE}, at or after every value an {@code int} holds, so every non-null row is expired, as it
   * is.
   *
   * @throws ArithmeticException when the cutoff is before 1901-12-13T20:45:52Z: no {@code int} value is that early,
   *     and no bound could keep every row
   */
  public int toEpochSecondsAsInt() {
    long seconds = toEpochSeconds();
    if (seconds > Integer.MAX_VALUE) {
      return Integer.MAX_VALUE;
    }
    if (seconds < Integer.MIN_VALUE) {
      throw new ArithmeticException("The cutoff " + instant + " is before the earliest instant an int of epoch"
          + " seconds holds (" + Instant.ofEpochSecond(Integer.MIN_VALUE) + ")");
    }
    return (int) seconds;
  }

  /**
   * The instant an attribute value stands for, null staying null. A zone-less value is read in {@link #zone()}, a
   * {@link Date} as its wall-clock time in the JVM's zone, and either is judged by the latest instant it could stand
   * for (see the class comment).
   */
  public Instant instantOf(Object attributeValue) {
    if (attributeValue == null) {
      return null;
    }
    if (attributeValue instanceof Instant value) {
      return value;
    }
    if (attributeValue instanceof OffsetDateTime value) {
      return value.toInstant();
    }
    if (attributeValue instanceof ZonedDateTime value) {
      return value.toInstant();
    }
    if (attributeValue instanceof LocalDateTime value) {
      return WallClocks.latestInstant(value, zone);
    }
    if (attributeValue instanceof LocalDate value) {
      return WallClocks.latestInstant(value.atStartOfDay(), zone);
    }
    if (attributeValue instanceof java.sql.Date value) {
      return WallClocks.latestInstant(value.toLocalDate().atStartOfDay(), zone);
    }
    if (attributeValue instanceof Date value) {
      ZoneId jvmZone = ZoneId.systemDefault();
      return WallClocks.latestInstant(LocalDateTime.ofInstant(value.toInstant(), jvmZone), jvmZone);
    }
    if (attributeValue instanceof Calendar value) {
      LocalDateTime wallClock = LocalDateTime.ofInstant(value.toInstant(), value.getTimeZone().toZoneId());
      return WallClocks.latestInstant(wallClock, zone);
    }
    throw new IllegalArgumentException(
        "Not a @Ttl attribute value: " + attributeValue.getClass().getName() + " (" + attributeValue + ")");
  }
}
