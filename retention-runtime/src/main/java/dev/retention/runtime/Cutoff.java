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
