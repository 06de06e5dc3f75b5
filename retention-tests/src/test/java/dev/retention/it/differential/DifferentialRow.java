package dev.retention.it.differential;

import dev.retention.it.uncertain.LosAngelesWallClockType;
import jakarta.persistence.Convert;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
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
 */
@MappedSuperclass
public abstract class DifferentialRow {

  @Id
  Long id;

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

  /** A new row of {@code table} with {@code id}, every other attribute null. */
  public static DifferentialRow create(Class<? extends DifferentialRow> table, long id) {
    try {
      DifferentialRow row = table.getDeclaredConstructor().newInstance();
      row.id = id;
      return row;
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException("cannot make a row of " + table.getName(), e);
    }
  }

  /** Sets {@code attribute} (a field of this class) to {@code value}, as a case writes its rows. */
  public void set(String attribute, Object value) {
    try {
      DifferentialRow.class.getDeclaredField(attribute).set(this, value);
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException("no attribute " + attribute + " on " + getClass().getName(), e);
    }
  }

  public Long id() {
    return id;
  }
}
