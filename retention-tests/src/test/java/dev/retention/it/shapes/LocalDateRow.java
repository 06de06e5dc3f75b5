package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.LocalDate;

/** A {@code LocalDate} attribute with a window of 86400 seconds. */
@Entity
@Table(name = "local_date_row", indexes = @Index(columnList = "ttl"))
public class LocalDateRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 86400)
  LocalDate ttl;

  protected LocalDateRow() {}

  public LocalDateRow(long id, String label, LocalDate ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }
}
