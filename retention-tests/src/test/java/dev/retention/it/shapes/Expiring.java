package dev.retention.it.shapes;

import dev.retention.Ttl;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;

/** A mapped superclass that carries {@code @Ttl} for every entity extending it. */
@MappedSuperclass
public abstract class Expiring {

  @Ttl(expireAfterSeconds = 0)
  Instant expiresAt;

  String label;

  protected Expiring() {}

  protected Expiring(String label, Instant expiresAt) {
    this.label = label;
    this.expiresAt = expiresAt;
  }
}
