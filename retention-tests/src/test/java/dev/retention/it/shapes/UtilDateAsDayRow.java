package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import jakarta.persistence.Temporal;
import jakarta.persistence.TemporalType;
import java.util.Date;

/** A {@code Date} attribute with a window of 86400 seconds. */
@Entity
@Table(name = "util_date_as_day_row", indexes = @Index(columnList = "ttl"))
public class UtilDateAsDayRow {

  @Id
  Long id;

  String label;

  @Temporal(TemporalType.DATE)
  @Ttl(expireAfterSeconds = 86400)
  Date ttl;

  protected UtilDateAsDayRow() {}

  public UtilDateAsDayRow(long id, String label, Date ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }
}
