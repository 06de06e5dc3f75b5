package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Inheritance;
import jakarta.persistence.InheritanceType;
import jakarta.persistence.Table;
import java.time.Instant;

/** The root of a joined hierarchy: an invoice's row spans this table and its own. */
@Entity
@Inheritance(strategy = InheritanceType.JOINED)
@Table(name = "document", indexes = @Index(columnList = "archivedAt"))
public class Document {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 3600)
  Instant archivedAt;

  protected Document() {}

  public Document(long id, String label, Instant archivedAt) {
    this.id = id;
    this.label = label;
    this.archivedAt = archivedAt;
  }

  /** A document with a table of its own joined to the root's. */
  @Entity
  @Table(name = "invoice")
  public static class Invoice extends Document {
    String number;

    protected Invoice() {}

    public Invoice(long id, String label, Instant archivedAt) {
      super(id, label, archivedAt);
      this.number = "INV-" + id;
    }
  }
}
