package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.util.Date;

/** A {@code Date} attribute with a window of 3600 seconds. */
@Entity
@Table(name = "util_date_row", indexes = @Index(columnList = "ttl"))
public class UtilDateRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 3600)
  Date ttl;

  protected UtilDateRow() {}

  public UtilDateRow(long id, String label, Date ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }
}
