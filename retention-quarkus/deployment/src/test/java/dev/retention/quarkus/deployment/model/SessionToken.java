package dev.retention.quarkus.deployment.model;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** A row that expires at {@code expiresAt}. */
@Entity
@Table(indexes = @Index(columnList = "expiresAt"))
public class SessionToken {

  @Id
  public Long id;

  @Ttl(expireAfterSeconds = 0)
  public Instant expiresAt;

  protected SessionToken() {}

  public SessionToken(Long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }
}
