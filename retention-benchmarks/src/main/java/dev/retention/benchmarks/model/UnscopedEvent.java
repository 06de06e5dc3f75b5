package dev.retention.benchmarks.model;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * The rows of {@link ScopedEvent} in a table without a scope, the anchor of the scoped drain: the same columns, an
 * index on {@code created_at}, and a 60-day window, the longest of the scoped table's, so that it deletes the same rows
 * (the tenants' 70-day-old rows) and keeps the 40-day-old rows that the scoped pass keeps by the tenants' own windows.
 */
@Entity
@Table(name = "unscoped_event", indexes = @Index(name = "unscoped_event_created", columnList = "created_at"))
public class UnscopedEvent {

  @Id
  private Long id;

  @Column(name = "tenant_id", length = 36, nullable = false)
  private String tenantId;

  @Ttl(expireAfterSeconds = 60 * 86_400)
  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(name = "payload", length = 64)
  private String payload;

  protected UnscopedEvent() {}

  public Long getId() {
    return id;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }
}
