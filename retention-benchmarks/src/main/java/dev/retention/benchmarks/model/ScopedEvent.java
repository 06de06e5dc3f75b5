package dev.retention.benchmarks.model;

import dev.retention.Ttl;
import dev.retention.TtlScope;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A multi-tenant event table (issue 30's case): {@code tenant_id} is the scope, with the index on {@code (tenant_id,
 * created_at)} that scoped statements want, and a 30-day window unless a tenant has one of its own. Rows are loaded
 * server-side by {@code ScopeTables}; the runtime deletes them through the generated pass.
 */
@Entity
@Table(name = "scoped_event", indexes = @Index(name = "scoped_event_tenant_created",
    columnList = "tenant_id, created_at"))
public class ScopedEvent {

  @Id
  private Long id;

  @TtlScope
  @Column(name = "tenant_id", length = 36, nullable = false)
  private String tenantId;

  @Ttl(expireAfterSeconds = 30 * 86_400)
  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Column(name = "payload", length = 64)
  private String payload;

  protected ScopedEvent() {}

  public Long getId() {
    return id;
  }

  public String getTenantId() {
    return tenantId;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }
}
