package dev.retention.it.tenancy;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.DiscriminatorColumn;
import jakarta.persistence.DiscriminatorValue;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.DiscriminatorOptions;
import org.hibernate.annotations.TenantId;

/**
 * A tenant's event of the kind this application maps, in a table it shares with events of a kind another application
 * writes ({@code kind = 'other'}): the forced discriminator makes each tenant's statements read and delete this kind
 * alone.
 */
@Entity
@Table(name = "tenant_event")
@DiscriminatorColumn(name = "kind")
@DiscriminatorValue("mapped")
@DiscriminatorOptions(force = true)
public class TenantEvent {

  @Id
  Long id;

  @TenantId
  String tenant;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "expires_at")
  Instant expiresAt;

  protected TenantEvent() {}
}
