package dev.retention.benchmarks.model;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.TenantId;

/**
 * A table every tenant shares, its rows kept apart by a {@code @TenantId} column that Hibernate fills and filters
 * ({@code --modes=tenants}). Rows are loaded server-side by {@code TenantTables}; the runtime deletes them tenant by
 * tenant.
 */
@Entity
@Table(name = "tenant_row", indexes = @Index(name = "tenant_row_expires_at", columnList = "expires_at"))
public class TenantRow {

  @Id
  private Long id;

  @TenantId
  @Column(name = "tenant_id", length = 16, nullable = false)
  private String tenant;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "expires_at", nullable = false)
  private Instant expiresAt;

  protected TenantRow() {}

  public Long getId() {
    return id;
  }

  public String getTenant() {
    return tenant;
  }

  public Instant getExpiresAt() {
    return expiresAt;
  }
}
