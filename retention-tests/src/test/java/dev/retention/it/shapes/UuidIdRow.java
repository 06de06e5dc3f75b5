package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** An entity with a {@code UUID} id. */
@Entity
@Table(name = "uuid_id_row", indexes = @Index(columnList = "ttl"))
public class UuidIdRow {

  @Id
  UUID id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant ttl;

  protected UuidIdRow() {}

  public UuidIdRow(long id, String label, Instant ttl) {
    this.id = new UUID(0, id);
    this.label = label;
    this.ttl = ttl;
  }
}
