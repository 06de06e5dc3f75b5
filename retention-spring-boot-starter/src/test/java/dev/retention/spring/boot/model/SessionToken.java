package dev.retention.spring.boot.model;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** A token whose {@code expiresAt} is its expiry instant. */
@Entity
@Table(name = "session_token", indexes = @Index(columnList = "expiresAt"))
public class SessionToken {

  @Id
  private Long id;

  @Ttl(expireAfterSeconds = 0)
  private Instant expiresAt;

  protected SessionToken() {}

  public SessionToken(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }

  public Long getId() {
    return id;
  }
}
