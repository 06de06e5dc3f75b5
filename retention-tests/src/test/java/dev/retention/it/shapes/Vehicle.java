package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Inheritance;
import jakarta.persistence.InheritanceType;
import jakarta.persistence.Table;
import java.time.Instant;

/** The root of a single-table hierarchy; its one pass deletes cars and trucks alike. */
@Entity
@Inheritance(strategy = InheritanceType.SINGLE_TABLE)
@Table(name = "vehicle", indexes = @Index(columnList = "registeredUntil"))
public class Vehicle {

  @Id
  Long id;

  String label;

  @Ttl(expireAfterSeconds = 0)
  Instant registeredUntil;

  protected Vehicle() {}

  public Vehicle(long id, String label, Instant registeredUntil) {
    this.id = id;
    this.label = label;
    this.registeredUntil = registeredUntil;
  }

  /** A car: a row of the same table. */
  @Entity
  public static class Car extends Vehicle {
    int seats;

    protected Car() {}

    public Car(long id, String label, Instant registeredUntil) {
      super(id, label, registeredUntil);
      this.seats = 4;
    }
  }

  /** A truck: a row of the same table. */
  @Entity
  public static class Truck extends Vehicle {
    int axles;

    protected Truck() {}

    public Truck(long id, String label, Instant registeredUntil) {
      super(id, label, registeredUntil);
      this.axles = 3;
    }
  }
}
