package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/** A {@code LocalDateTime} attribute with a window of 3600 seconds. */
@Entity
@Table(name = "local_date_time_row", indexes = @Index(columnList = "ttl"))
public class LocalDateTimeRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 3600)
  LocalDateTime ttl;

  protected LocalDateTimeRow() {}

  public LocalDateTimeRow(long id, String label, LocalDateTime ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }
}
