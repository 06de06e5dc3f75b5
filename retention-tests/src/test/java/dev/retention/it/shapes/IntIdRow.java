package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** An entity with a {@code int} id. */
@Entity
@Table(name = "int_id_row", indexes = @Index(columnList = "ttl"))
public class IntIdRow {

  @Id
  int id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant ttl;

  protected IntIdRow() {}

  public IntIdRow(long id, String label, Instant ttl) {
    this.id = (int) id;
    this.label = label;
    this.ttl = ttl;
  }
}
