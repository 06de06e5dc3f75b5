package dev.retention.it.differential;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/**
 * The differential test's table with a text key: {@code code}, a hash of the row's number in hexadecimal and the
 * number, so that the key's order is not the rows' ({@code number}, a column beside the key). Statements
 * that need no key take it; an integer key's statements do not.
 */
@Entity
@Table(name = "differential_row_g", indexes = {
    @Index(name = "differential_row_g_instant_at", columnList = "instantAt"),
    @Index(name = "differential_row_g_local_date_time_at", columnList = "localDateTimeAt"),
    @Index(name = "differential_row_g_local_date_at", columnList = "localDateAt"),
    @Index(name = "differential_row_g_offset_at", columnList = "offsetAt"),
    @Index(name = "differential_row_g_zoned_at", columnList = "zonedAt"),
    @Index(name = "differential_row_g_util_date_at", columnList = "utilDateAt"),
    @Index(name = "differential_row_g_timestamp_at", columnList = "timestampAt"),
    @Index(name = "differential_row_g_epoch_seconds", columnList = "epochSeconds"),
    @Index(name = "differential_row_g_epoch_millis", columnList = "epochMillis")})
public class DifferentialRowG extends DifferentialRow {

  @Id
  @Column(length = 40)
  String code;

  @Column(unique = true, nullable = false)
  Long number;

  public DifferentialRowG() {}

  @Override
  void number(long id) {
    this.number = id;
    this.code = Long.toHexString(id * 0x9E3779B97F4A7C15L) + "-" + id;
  }

  @Override
  String numberPath() {
    return "number";
  }

  @Override
  String idAttribute() {
    return "code";
  }

  @Override
  long numberOfKey(Object key) {
    String code = (String) key;
    return Long.parseLong(code.substring(code.lastIndexOf('-') + 1));
  }

  @Override
  public Long id() {
    return number;
  }
}
