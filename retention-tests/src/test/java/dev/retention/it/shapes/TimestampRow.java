package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.sql.Timestamp;

/** A {@code Timestamp} attribute with a window of 3600 seconds. */
@Entity
@Table(name = "timestamp_row", indexes = @Index(columnList = "ttl"))
public class TimestampRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 3600)
  Timestamp ttl;

  protected TimestampRow() {}

  public TimestampRow(long id, String label, Timestamp ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }
}
