package dev.retention.it.tenancy;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.TenantId;

/** A note of one tenant, in a table shared by every tenant: Hibernate fills and filters its {@code @TenantId}. */
@Entity
@Table(name = "tenant_note")
public class TenantNote {

  @Id
  private Long id;

  @TenantId
  private String tenant;

  @Ttl(expireAfterSeconds = 0)
  private Instant expiresAt;

  protected TenantNote() {}

  public TenantNote(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }

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
