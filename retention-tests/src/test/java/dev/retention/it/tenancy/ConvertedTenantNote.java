package dev.retention.it.tenancy;

import dev.retention.Ttl;
import dev.retention.it.reliability.WallClockLosAngeles;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.TenantId;

/** A tenant's note whose expiry a converter stores as a Los Angeles wall-clock time. */
@Entity
@Table(name = "converted_tenant_note")
public class ConvertedTenantNote {

  @Id
  Long id;

  @TenantId
  String tenant;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "expires_at")
  @Convert(converter = WallClockLosAngeles.class)
  Instant expiresAt;

  protected ConvertedTenantNote() {}
}
