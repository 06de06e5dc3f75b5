package dev.retention.processor.reading;

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
  CALENDAR("java.util.Calendar", "toCalendar"),
  /** A {@code long} or {@code Long} of seconds since the epoch: {@code @Ttl(epoch = EpochUnit.SECONDS)}. */
  EPOCH_SECONDS("java.lang.Long", "toEpochSeconds", "ofEpochSecond"),
  /** A {@code long} or {@code Long} of milliseconds since the epoch: {@code @Ttl(epoch = EpochUnit.MILLISECONDS)}. */
  EPOCH_MILLIS("java.lang.Long", "toEpochMillis", "ofEpochMilli"),
  /** An {@code int} or {@code Integer} of seconds since the epoch: {@code @Ttl(epoch = EpochUnit.SECONDS)}. */
  EPOCH_SECONDS_INT("java.lang.Integer", "toEpochSecondsAsInt", "ofEpochSecond");

  private final String javaType;
  private final String cutoffMethod;
  private final String instantFactory;

  TemporalType(String javaType, String cutoffMethod) {
    this(javaType, cutoffMethod, null);
  }

  TemporalType(String javaType, String cutoffMethod, String instantFactory) {
    this.javaType = javaType;
    this.cutoffMethod = cutoffMethod;
    this.instantFactory = instantFactory;
  }

  /** The attribute's Java type, fully qualified. */
  public String javaType() {
    return javaType;
  }

  /** The {@code dev.retention.runtime.generated.Cutoff} method that returns the cutoff as a parameter for this type. */
  public String cutoffMethod() {
    return cutoffMethod;
  }

  /** Whether the attribute is a number of epoch seconds or milliseconds rather than a date. */
  public boolean isEpoch() {
    return instantFactory != null;
  }

  /**
   * For an epoch type, the {@code java.time.Instant} factory that reads a value: {@code ofEpochSecond} or
   * {@code ofEpochMilli}.
   */
  public String instantFactory() {
    return instantFactory;
  }

  /**
   * Whether values are read in the runtime's zone because the type carries none. A {@code Calendar} carries one, but
   * Hibernate stores only its wall-clock time, so it is compared as a local date-time is.
   */
  public boolean zoneLess() {
    return this == LOCAL_DATE_TIME || this == LOCAL_DATE || this == SQL_DATE || this == UTIL_DATE_AS_DAY
        || this == CALENDAR;
  }

  /**
   * The date type for an attribute of Java type {@code qualifiedName}, before any {@code @Temporal} is considered;
   * empty for a number, whose meaning only the annotation's epoch unit gives.
   */
  public static Optional<TemporalType> forJavaType(String qualifiedName) {
    return Arrays.stream(values())
        .filter(type -> type != UTIL_DATE_AS_DAY && !type.isEpoch() && type.javaType.equals(qualifiedName))
        .findFirst();
  }

  /**
   * The epoch type for a number of Java type {@code qualifiedName} (boxed) counted in {@code unit} (the name of an
   * {@code EpochUnit} constant); empty when the number cannot hold it: an {@code int} of milliseconds overflows in
   * January 1970.
   */
  public static Optional<TemporalType> forEpoch(String qualifiedName, String unit) {
    if (qualifiedName.equals("java.lang.Long")) {
      return unit.equals("SECONDS") ? Optional.of(EPOCH_SECONDS)
          : unit.equals("MILLISECONDS") ? Optional.of(EPOCH_MILLIS) : Optional.empty();
    }
    if (qualifiedName.equals("java.lang.Integer") && unit.equals("SECONDS")) {
      return Optional.of(EPOCH_SECONDS_INT);
    }
    return Optional.empty();
  }

  /** The supported Java types, for messages. */
  public static String supportedList() {
    return Arrays.stream(values())
        .filter(type -> type != UTIL_DATE_AS_DAY && !type.isEpoch())
        .map(TemporalType::javaType)
        .collect(Collectors.joining(", "));
  }
}
