package dev.retention.processor.model;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The attribute types {@code @Ttl} accepts, and the {@code Cutoff} method that expresses a sweep's cutoff in each.
 */
public enum TemporalType {
  INSTANT("java.time.Instant", "toInstant"),
  OFFSET_DATE_TIME("java.time.OffsetDateTime", "toOffsetDateTime"),
  ZONED_DATE_TIME("java.time.ZonedDateTime", "toZonedDateTime"),
  LOCAL_DATE_TIME("java.time.LocalDateTime", "toLocalDateTime"),
  LOCAL_DATE("java.time.LocalDate", "toLocalDate"),
  UTIL_DATE("java.util.Date", "toDate"),
  /** {@code java.util.Date} mapped with {@code @Temporal(DATE)}: a day, compared as {@code LocalDate} is. */
  UTIL_DATE_AS_DAY("java.util.Date", "toSqlDate"),
  SQL_TIMESTAMP("java.sql.Timestamp", "toTimestamp"),
  SQL_DATE("java.sql.Date", "toSqlDate"),
  CALENDAR("java.util.Calendar", "toCalendar");

  private final String javaType;
  private final String cutoffMethod;

  TemporalType(String javaType, String cutoffMethod) {
    this.javaType = javaType;
    this.cutoffMethod = cutoffMethod;
  }

  /** The attribute's Java type, fully qualified. */
  public String javaType() {
    return javaType;
  }

  /** The {@code dev.retention.runtime.Cutoff} method that returns the cutoff as a parameter for this type. */
  public String cutoffMethod() {
    return cutoffMethod;
  }

  /**
   * Whether values are read in the runtime's zone because the type carries none. A {@code Calendar} carries one, but
   * Hibernate stores only its wall-clock time, so it is compared as a local date-time is.
   */
  public boolean zoneLess() {
    return this == LOCAL_DATE_TIME || this == LOCAL_DATE || this == SQL_DATE || this == UTIL_DATE_AS_DAY
        || this == CALENDAR;
  }

  /** The type for an attribute of Java type {@code qualifiedName}, before any {@code @Temporal} is considered. */
  public static Optional<TemporalType> forJavaType(String qualifiedName) {
    return Arrays.stream(values())
        .filter(type -> type != UTIL_DATE_AS_DAY && type.javaType.equals(qualifiedName))
        .findFirst();
  }

  /** The supported Java types, for messages. */
  public static String supportedList() {
    return Arrays.stream(values())
        .filter(type -> type != UTIL_DATE_AS_DAY)
        .map(TemporalType::javaType)
        .collect(Collectors.joining(", "));
  }
}
