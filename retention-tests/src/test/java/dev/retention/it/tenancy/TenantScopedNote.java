package dev.retention.it.tenancy;

import dev.retention.Ttl;
import dev.retention.TtlScope;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.TenantId;

/** A note of one owner of one tenant: Hibernate fills and filters its tenant; the owner is the pass's scope. */
@Entity
@Table(name = "tenant_scoped_note")
public class TenantScopedNote {

  @Id
  private Long id;

  @TenantId
  private String tenant;

  @TtlScope
  private Long owner;

  @Ttl(expireAfterSeconds = 0)
  private Instant expiresAt;

  protected TenantScopedNote() {}

  public TenantScopedNote(long id, long owner, Instant expiresAt) {
    this.id = id;
    this.owner = owner;
    this.expiresAt = expiresAt;
  }
}
