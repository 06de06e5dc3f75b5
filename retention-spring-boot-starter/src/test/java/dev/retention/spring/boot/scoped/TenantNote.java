package dev.retention.spring.boot.scoped;

import dev.retention.Ttl;
import dev.retention.TtlScope;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A note kept one day after {@code writtenAt}, its rows split by tenant. Outside the {@code model} package so that only
 * the contexts that ask for it ({@code JpaContexts.ScopedEntities}) manage it.
 */
@Entity
@Table(name = "tenant_note", indexes = @Index(columnList = "tenant, writtenAt"))
public class TenantNote {

  @Id
  private Long id;

  @TtlScope
  private String tenant;

  @Ttl(expireAfterSeconds = 86_400)
  private Instant writtenAt;

  protected TenantNote() {}

  public TenantNote(long id, String tenant, Instant writtenAt) {
    this.id = id;
    this.tenant = tenant;
    this.writtenAt = writtenAt;
  }

  public Long getId() {
    return id;
  }

  public String getTenant() {
    return tenant;
  }
}
