package dev.retention.it.differential;

import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/**
 * One of the tables the differential test runs cases on side by side, each with a pass of its own; an index on each date
 * column native statements may compare, so that the statements an index serves (MariaDB's ordered delete) are fenced,
 * where the tables {@link DifferentialRowB} and {@link DifferentialRowC} have none.
 */
@Entity
@Table(name = "differential_row_a", indexes = {
    @Index(name = "differential_row_a_instant_at", columnList = "instantAt"),
    @Index(name = "differential_row_a_local_date_time_at", columnList = "localDateTimeAt"),
    @Index(name = "differential_row_a_local_date_at", columnList = "localDateAt"),
    @Index(name = "differential_row_a_offset_at", columnList = "offsetAt"),
    @Index(name = "differential_row_a_zoned_at", columnList = "zonedAt"),
    @Index(name = "differential_row_a_util_date_at", columnList = "utilDateAt"),
    @Index(name = "differential_row_a_timestamp_at", columnList = "timestampAt"),
    @Index(name = "differential_row_a_epoch_seconds", columnList = "epochSeconds"),
    @Index(name = "differential_row_a_epoch_millis", columnList = "epochMillis")})
public class DifferentialRowA extends NumberedRow {

  public DifferentialRowA() {}
}
