package dev.retention.quarkus.sample;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** A signed-in user's session: the row goes once {@code expiresAt} has passed. */
@Entity
@Table(name = "user_session", indexes = @Index(columnList = "expires_at"))
public class UserSession {

  @Id
  public Long id;

  @Column(name = "owner", nullable = false)
  public String owner;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "expires_at", nullable = false)
  public Instant expiresAt;
}
