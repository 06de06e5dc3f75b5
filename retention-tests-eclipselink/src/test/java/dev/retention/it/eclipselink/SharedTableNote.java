package dev.retention.it.eclipselink;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import org.eclipse.persistence.annotations.Multitenant;
import org.eclipse.persistence.annotations.TenantDiscriminatorColumn;

/**
 * A note of one tenant in a table every tenant shares: EclipseLink fills and filters its {@code tenant} column from
 * the entity manager's {@code eclipselink.tenant-id}, its default property.
 */
@Entity
@Table(name = "shared_note", indexes = @Index(columnList = "expiresAt"))
@Multitenant
@TenantDiscriminatorColumn(name = "tenant")
public class SharedTableNote {

  @Id
  private Long id;

  @Ttl(expireAfterSeconds = 0)
  private Instant expiresAt;

  protected SharedTableNote() {}

  public SharedTableNote(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }

  public Long getId() {
    return id;
  }
}
