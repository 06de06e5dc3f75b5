package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Inheritance;
import jakarta.persistence.InheritanceType;
import java.time.Instant;

/** The root of a table-per-class hierarchy: each concrete class has a full table of its own. */
@Entity
@Inheritance(strategy = InheritanceType.TABLE_PER_CLASS)
@SuppressWarnings("retention:index")
public abstract class Reading {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant takenUntil;

  protected Reading() {}

  protected Reading(long id, String label, Instant takenUntil) {
    this.id = id;
    this.label = label;
    this.takenUntil = takenUntil;
  }

  /** A reading in a table of its own. */
  @Entity
  public static class Temperature extends Reading {
    double celsius;

    protected Temperature() {}

    public Temperature(long id, String label, Instant takenUntil) {
      super(id, label, takenUntil);
      this.celsius = 21.5;
    }
  }

  /** Another reading in a table of its own. */
  @Entity
  public static class Humidity extends Reading {
    double percent;

    protected Humidity() {}

    public Humidity(long id, String label, Instant takenUntil) {
      super(id, label, takenUntil);
      this.percent = 40;
    }
  }
}
