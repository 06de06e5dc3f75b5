package dev.retention.runtime;

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
 * A date-only attribute is expired once the start of its day is at or before the cutoff, which is the same as the day
 * being at or before the cutoff's day.
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

  public LocalDateTime toLocalDateTime() {
    return LocalDateTime.ofInstant(instant, zone);
  }

  public LocalDate toLocalDate() {
    return LocalDate.ofInstant(instant, zone);
  }

  public Date toDate() {
    return Date.from(instant);
  }

  public Timestamp toTimestamp() {
    return Timestamp.from(instant);
  }

  public java.sql.Date toSqlDate() {
    return java.sql.Date.valueOf(toLocalDate());
  }

  /** The cutoff as a calendar in the runtime's zone, whose wall-clock time is what the database compares. */
  public Calendar toCalendar() {
    return GregorianCalendar.from(toZonedDateTime());
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
   * {@code Integer.MAX_VALUE}, at or after every value an {@code int} holds, so every non-null row is expired, as it is.
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

  /** The instant an attribute value stands for, zone-less values read in {@link #zone()}; null stays null. */
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
      return value.atZone(zone).toInstant();
    }
    if (attributeValue instanceof LocalDate value) {
      return value.atStartOfDay(zone).toInstant();
    }
    if (attributeValue instanceof java.sql.Date value) {
      return value.toLocalDate().atStartOfDay(zone).toInstant();
    }
    if (attributeValue instanceof Date value) {
      return value.toInstant();
    }
    if (attributeValue instanceof Calendar value) {
      LocalDateTime wallClock = LocalDateTime.ofInstant(value.toInstant(), value.getTimeZone().toZoneId());
      return wallClock.atZone(zone).toInstant();
    }
    throw new IllegalArgumentException(
        "Not a @Ttl attribute value: " + attributeValue.getClass().getName() + " (" + attributeValue + ")");
  }
}
