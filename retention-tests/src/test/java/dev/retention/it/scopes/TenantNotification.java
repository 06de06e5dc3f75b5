package dev.retention.it.scopes;

import dev.retention.Ttl;
import dev.retention.TtlScope;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A notification of one tenant, kept 30 days after {@code createdAt} unless the tenant's own window says otherwise;
 * swept tenant by tenant, and on demand for one tenant when one of its users signs in.
 */
@Entity
@Table(name = "tenant_notification", indexes = @Index(columnList = "tenant_id, created_at"))
public class TenantNotification {

  /** The compiled window: 30 days. */
  public static final int THIRTY_DAYS = 2_592_000;

  @Id
  Long id;

  @TtlScope
  @Column(name = "tenant_id")
  String tenantId;

  @Ttl(expireAfterSeconds = THIRTY_DAYS)
  @Column(name = "created_at")
  Instant createdAt;

  protected TenantNotification() {}

  public TenantNotification(long id, String tenantId, Instant createdAt) {
    this.id = id;
    this.tenantId = tenantId;
    this.createdAt = createdAt;
  }
}
