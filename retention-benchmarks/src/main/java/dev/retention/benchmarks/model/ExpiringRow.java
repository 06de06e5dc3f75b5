package dev.retention.benchmarks.model;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * The benchmark's table: a session-like row whose {@code expires_at} is its expiry instant, with the index on the TTL
 * column that the processor asks for. Rows are loaded server-side by {@code TableLoader}, never through this class,
 * except by the em.remove loop that deletes them.
 */
@Entity
@Table(name = "expiring_row", indexes = @Index(name = "expiring_row_expires_at", columnList = "expires_at"))
public class ExpiringRow {

  @Id
  private Long id;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "expires_at")
  private Instant expiresAt;

  @Column(name = "payload", length = 64)
  private String payload;

  protected ExpiringRow() {}

  public Long getId() {
    return id;
  }

  public Instant getExpiresAt() {
    return expiresAt;
  }

  public String getPayload() {
    return payload;
  }
}
