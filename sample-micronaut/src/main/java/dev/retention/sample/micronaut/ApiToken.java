package dev.retention.sample.micronaut;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** An API token: the row goes once {@code expiresAt} has passed. */
@Entity
@Table(name = "api_token", indexes = @Index(columnList = "expires_at"))
public class ApiToken {

  @Id
  private Long id;

  @Column(name = "owner", nullable = false)
  private String owner;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "expires_at", nullable = false)
  private Instant expiresAt;

  protected ApiToken() {}

  ApiToken(long id, String owner, Instant expiresAt) {
    this.id = id;
    this.owner = owner;
    this.expiresAt = expiresAt;
  }

  public Long getId() {
    return id;
  }

  public String getOwner() {
    return owner;
  }

  public Instant getExpiresAt() {
    return expiresAt;
  }
}
