package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** An entity with a {@code String} id. */
@Entity
@Table(name = "string_id_row", indexes = @Index(columnList = "ttl"))
public class StringIdRow {

  @Id
  String id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant ttl;

  protected StringIdRow() {}

  public StringIdRow(long id, String label, Instant ttl) {
    this.id = "row-" + id;
    this.label = label;
    this.ttl = ttl;
  }
}
