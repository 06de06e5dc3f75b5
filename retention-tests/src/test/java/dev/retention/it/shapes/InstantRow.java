package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** A {@code Instant} attribute with a window of 3600 seconds. */
@Entity
@Table(name = "instant_row", indexes = @Index(columnList = "ttl"))
public class InstantRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 3600)
  Instant ttl;

  protected InstantRow() {}

  public InstantRow(long id, String label, Instant ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }
}
