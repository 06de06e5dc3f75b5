package com.acme.shapes;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Inheritance;
import jakarta.persistence.InheritanceType;
import jakarta.persistence.Table;
import java.sql.Timestamp;

@Entity
@Inheritance(strategy = InheritanceType.JOINED)
@Table(indexes = @Index(columnList = "registeredUntil"))
public class Vehicle {
  @Id long id;

  @Ttl(expireAfterSeconds = 0)
  Timestamp registeredUntil;

  @Entity
  public static class Car extends Vehicle {
    int seats;
  }
}
