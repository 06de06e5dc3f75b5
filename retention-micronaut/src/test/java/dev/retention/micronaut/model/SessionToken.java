package dev.retention.micronaut.model;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** A token that goes once {@code expiresAt} has passed. */
@Entity
@Table(name = "session_token", indexes = @Index(columnList = "expires_at"))
public class SessionToken {

  @Id
  public Long id;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "expires_at")
  public Instant expiresAt;
}
