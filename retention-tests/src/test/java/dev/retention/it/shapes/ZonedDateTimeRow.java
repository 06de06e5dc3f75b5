package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.ZonedDateTime;

/** A {@code ZonedDateTime} attribute with a window of 3600 seconds. */
@Entity
@Table(name = "zoned_date_time_row", indexes = @Index(columnList = "ttl"))
public class ZonedDateTimeRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 3600)
  ZonedDateTime ttl;

  protected ZonedDateTimeRow() {}

  public ZonedDateTimeRow(long id, String label, ZonedDateTime ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }
}
