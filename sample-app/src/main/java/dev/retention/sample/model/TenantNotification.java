package dev.retention.sample.model;

import dev.retention.Ttl;
import dev.retention.TtlScope;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A notification of one tenant's users, kept a week after {@code createdAt} unless the tenant has a window of its own
 * (retention.properties gives acme 30 days and globex 14). Swept tenant by tenant: on demand when one of the tenant's
 * users signs in, and in the background for every tenant. A notification of no tenant (a system notice) has the week.
 */
@Entity
@Table(name = "sample_tenant_notification",
    indexes = @Index(name = "sample_tenant_notification_tenant_created", columnList = "tenant_id, created_at"))
public class TenantNotification {

  @Id
  @GeneratedValue
  private Long id;

  @TtlScope
  @Column(name = "tenant_id", length = 32)
  private String tenantId;

  private String text;

  @Ttl(expireAfterSeconds = 604_800)
  @Column(name = "created_at")
  private Instant createdAt;

  protected TenantNotification() {}

  public TenantNotification(String tenantId, String text, Instant createdAt) {
    this.tenantId = tenantId;
    this.text = text;
    this.createdAt = createdAt;
  }
}
