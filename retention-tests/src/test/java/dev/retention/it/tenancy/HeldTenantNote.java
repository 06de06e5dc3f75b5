package dev.retention.it.tenancy;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.Filter;
import org.hibernate.annotations.FilterDef;
import org.hibernate.annotations.TenantId;

/**
 * A tenant's note under a legal hold while {@code hold} is true: the application's auto-enabled filter hides held notes
 * from every session, each tenant's included, so the tenant's sweep keeps them.
 */
@Entity
@Table(name = "held_tenant_note")
@FilterDef(name = "unheld", defaultCondition = "hold = false", autoEnabled = true)
@Filter(name = "unheld")
public class HeldTenantNote {

  @Id
  Long id;

  @TenantId
  String tenant;

  boolean hold;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "expires_at")
  Instant expiresAt;

  protected HeldTenantNote() {}
}
