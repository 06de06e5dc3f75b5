package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** An entity whose JPQL name is not its class name. */
@Entity(name = "Renamed")
@Table(name = "named_row", indexes = @Index(columnList = "ttl"))
public class NamedRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant ttl;

  protected NamedRow() {}

  public NamedRow(long id, String label, Instant ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }
}
