package dev.retention.it.model;

import dev.retention.Ttl;
import jakarta.persistence.Cacheable;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** A token kept in the second-level cache. */
@Entity
@Cacheable
@Table(name = "cached_token", indexes = @Index(columnList = "expiresAt"))
public class CachedToken {

  @Id
  private Long id;

  @Ttl(expireAfterSeconds = 0)
  private Instant expiresAt;

  protected CachedToken() {}

  public CachedToken(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }
}
