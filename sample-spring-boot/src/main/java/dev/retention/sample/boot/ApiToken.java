package dev.retention.sample.boot;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** A one-time API token, deleted once {@code expiresAt} has passed. */
@Entity
@Table(name = "api_token", indexes = @Index(name = "api_token_expires_at", columnList = "expiresAt"))
public class ApiToken {

  @Id
  private long id;

  @Ttl(expireAfterSeconds = 0)
  private Instant expiresAt;

  protected ApiToken() {}

  public ApiToken(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }
}
