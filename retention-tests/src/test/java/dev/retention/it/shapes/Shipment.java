package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Inheritance;
import jakarta.persistence.InheritanceType;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A single-table root without {@code @Ttl}: only express shipments expire, so the pass belongs to the subclass and
 * ordinary shipments in the same table are never touched.
 */
@Entity
@Inheritance(strategy = InheritanceType.SINGLE_TABLE)
@Table(name = "shipment", indexes = @Index(columnList = "deliverBy"))
public class Shipment {

  @Id
  Long id;

  String label;

  protected Shipment() {}

  public Shipment(long id, String label) {
    this.id = id;
    this.label = label;
  }

  /** A shipment that expires at its deadline. */
  @Entity
  public static class Express extends Shipment {
    @Ttl(expireAfterSeconds = 0)
    Instant deliverBy;

    protected Express() {}

    public Express(long id, String label, Instant deliverBy) {
      super(id, label);
      this.deliverBy = deliverBy;
    }
  }
}
