package dev.retention.sample.model;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A signed-in session; {@code expiresAt} is when it ends, so it goes then. */
@Entity
@Table(name = "sample_user_session", indexes = @Index(name = "sample_user_session_expires_at", columnList = "expiresAt"))
public class UserSession {

  @Id
  private UUID id;

  private String userName;

  @Ttl(expireAfterSeconds = 0)
  private Instant expiresAt;

  protected UserSession() {}

  public UserSession(UUID id, String userName, Instant expiresAt) {
    this.id = id;
    this.userName = userName;
    this.expiresAt = expiresAt;
  }
}
