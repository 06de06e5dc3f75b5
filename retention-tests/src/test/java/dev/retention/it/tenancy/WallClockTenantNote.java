package dev.retention.it.tenancy;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDateTime;
import org.hibernate.annotations.TenantId;

/** A tenant's note whose expiry is a wall-clock time, read in the runtime's zone. */
@Entity
@Table(name = "wall_clock_tenant_note")
public class WallClockTenantNote {

  @Id
  Long id;

  @TenantId
  String tenant;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "expires_at")
  LocalDateTime expiresAt;

  protected WallClockTenantNote() {}
}
