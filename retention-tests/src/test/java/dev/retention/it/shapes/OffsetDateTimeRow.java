package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/** A {@code OffsetDateTime} attribute with a window of 0 seconds. */
@Entity
@Table(name = "offset_date_time_row", indexes = @Index(columnList = "ttl"))
public class OffsetDateTimeRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  OffsetDateTime ttl;

  protected OffsetDateTimeRow() {}

  public OffsetDateTimeRow(long id, String label, OffsetDateTime ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }
}
