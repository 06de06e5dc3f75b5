package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.util.Calendar;

/** A {@code Calendar} attribute with a window of 3600 seconds. */
@Entity
@Table(name = "calendar_row", indexes = @Index(columnList = "ttl"))
public class CalendarRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 3600)
  Calendar ttl;

  protected CalendarRow() {}

  public CalendarRow(long id, String label, Calendar ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }
}
