package dev.retention.it.differential;

import dev.retention.it.uncertain.LosAngelesWallClockType;
import jakarta.persistence.Convert;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Temporal;
import jakarta.persistence.TemporalType;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Date;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.annotations.Type;
import org.hibernate.type.SqlTypes;

/**
 * A row of the differential test: one column for every way a {@code @Ttl} attribute may be mapped, the attributes a
 * random condition reads (its own and, through {@link #owner}, a to-one association's), and a scope. No attribute
 * carries {@code @Ttl}: each case describes its pass at run time ({@code PassDescriptor}), choosing one of the date
 * columns, a condition and maybe the scope, so that a handful of tables carry every combination.
 *
 * <p>Each row has a number, the test's name for it; how it is the row's key is the table's: the key itself
 * ({@link NumberedRow}), a column of a key of two ({@link DifferentialRowE}'s {@code @EmbeddedId},
 * {@link DifferentialRowF}'s {@code @IdClass}), or a column beside a text key ({@link DifferentialRowG}).
 */
@MappedSuperclass
public abstract class DifferentialRow {

  Instant instantAt;
  LocalDateTime localDateTimeAt;
  LocalDate localDateAt;
  OffsetDateTime offsetAt;
  ZonedDateTime zonedAt;

  @Temporal(TemporalType.TIMESTAMP)
  Date utilDateAt;

  @Temporal(TemporalType.DATE)
  Date utilDayAt;

  Timestamp timestampAt;

  @Convert(converter = LosAngelesWallClock.class)
  Instant convertedAt;

  @Type(LosAngelesWallClockType.class)
  Instant userTypeAt;

  /** An {@code Instant} in a zone-less timestamp column, where its standard mapping would keep the zone. */
  @JdbcTypeCode(SqlTypes.TIMESTAMP)
  Instant jdbcCodedAt;

  Long epochSeconds;
  Long epochMillis;

  String status;
  Integer attempts;
  Boolean flag;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  @JoinColumn(name = "owner_id", nullable = false)
  DifferentialOwner owner;

  String tenant;

  protected DifferentialRow() {}

  /** A new row of {@code table} numbered {@code id}, every other attribute null. */
  public static DifferentialRow create(Class<? extends DifferentialRow> table, long id) {
    DifferentialRow row = empty(table);
    row.number(id);
    return row;
  }

  /** The JPQL path from an entity of {@code table} to its row's number: {@code id}, {@code key.id}, ... */
  public static String numberPath(Class<? extends DifferentialRow> table) {
    return empty(table).numberPath();
  }

  /** The id attribute a pass over {@code table} names: the key's, or the first of an {@code @IdClass}'s. */
  public static String idAttribute(Class<? extends DifferentialRow> table) {
    return empty(table).idAttribute();
  }

  /** The number of the row of {@code table} whose key is {@code key}. */
  public static long numberOf(Class<? extends DifferentialRow> table, Object key) {
    return empty(table).numberOfKey(key);
  }

  private static DifferentialRow empty(Class<? extends DifferentialRow> table) {
    try {
      return table.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException("cannot make a row of " + table.getName(), e);
    }
  }

  /** Sets the key from the row's number. */
  abstract void number(long id);

  abstract String numberPath();

  abstract String idAttribute();

  abstract long numberOfKey(Object key);

  /** Sets {@code attribute} (a field of this class) to {@code value}, as a case writes its rows. */
  public void set(String attribute, Object value) {
    try {
      DifferentialRow.class.getDeclaredField(attribute).set(this, value);
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException("no attribute " + attribute + " on " + getClass().getName(), e);
    }
  }

  /** The row's number. */
  public abstract Long id();
}
