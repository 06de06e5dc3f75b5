package dev.retention.it.differential;

import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

/**
 * The differential test's table with a composite {@code @EmbeddedId} ({@code id}, {@code region}), as Spring
 * Integration's lock table has: the statements that need no key (PostgreSQL's ctid, the range statement, MariaDB's
 * ordered delete) take it.
 */
@Entity
@Table(name = "differential_row_e", indexes = {
    @Index(name = "differential_row_e_instant_at", columnList = "instantAt"),
    @Index(name = "differential_row_e_local_date_time_at", columnList = "localDateTimeAt"),
    @Index(name = "differential_row_e_local_date_at", columnList = "localDateAt"),
    @Index(name = "differential_row_e_offset_at", columnList = "offsetAt"),
    @Index(name = "differential_row_e_zoned_at", columnList = "zonedAt"),
    @Index(name = "differential_row_e_util_date_at", columnList = "utilDateAt"),
    @Index(name = "differential_row_e_timestamp_at", columnList = "timestampAt"),
    @Index(name = "differential_row_e_epoch_seconds", columnList = "epochSeconds"),
    @Index(name = "differential_row_e_epoch_millis", columnList = "epochMillis")})
public class DifferentialRowE extends DifferentialRow {

  /** The key: the row's number and a region drawn from it, so that the region's order is not the number's. */
  @Embeddable
  public static class Key implements Serializable {

    private static final long serialVersionUID = 1L;

    Long id;
    String region;

    protected Key() {}

    Key(long id) {
      this.id = id;
      this.region = DifferentialRowF.region(id);
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key that && id.equals(that.id) && region.equals(that.region);
    }

    @Override
    public int hashCode() {
      return Objects.hash(id, region);
    }
  }

  @EmbeddedId
  Key key;

  public DifferentialRowE() {}

  @Override
  void number(long id) {
    key = new Key(id);
  }

  @Override
  String numberPath() {
    return "key.id";
  }

  @Override
  String idAttribute() {
    return "key";
  }

  @Override
  long numberOfKey(Object key) {
    return ((Key) key).id;
  }

  @Override
  public Long id() {
    return key.id;
  }
}
