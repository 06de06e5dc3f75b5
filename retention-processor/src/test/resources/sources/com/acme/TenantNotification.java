package com.acme;

import dev.retention.Ttl;
import dev.retention.TtlScope;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(indexes = @Index(columnList = "tenant_id, created_at"))
public class TenantNotification {
  @Id Long id;

  @TtlScope
  @Column(name = "tenant_id")
  String tenantId;

  @Ttl(expireAfterSeconds = 2_592_000)
  @Column(name = "created_at")
  Instant createdAt;
}
