package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** A package-private entity: its pass, in the same package, still reaches it. */
@Entity
@Table(name = "hidden_row", indexes = @Index(columnList = "ttl"))
class HiddenRow {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant ttl;

  protected HiddenRow() {}

  HiddenRow(long id, String label, Instant ttl) {
    this.id = id;
    this.label = label;
    this.ttl = ttl;
  }

  /** Creates rows from outside the package. */
  public static Object create(long id, String label, Instant ttl) {
    return new HiddenRow(id, label, ttl);
  }
}
