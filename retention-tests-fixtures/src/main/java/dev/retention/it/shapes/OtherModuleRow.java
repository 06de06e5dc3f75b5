package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * An entity of another module, in the same package as the behaviour tests' entities: its registry, generated in this
 * module, must sit beside theirs on one class path without a collision.
 */
@Entity
@Table(name = "other_module_row", indexes = @Index(columnList = "ttl"))
public class OtherModuleRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant ttl;

  protected OtherModuleRow() {}

  public OtherModuleRow(long id, String label, Instant ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }
}
