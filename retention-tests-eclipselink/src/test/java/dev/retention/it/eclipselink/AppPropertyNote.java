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
 * A note of one tenant in a table every tenant shares, whose mapping names the tenant by the application's own
 * property, {@code app.tenant}, not EclipseLink's default: a session opened with {@code eclipselink.tenant-id} alone
 * has no tenant for it.
 */
@Entity
@Table(name = "app_property_note", indexes = @Index(columnList = "expiresAt"))
@Multitenant
@TenantDiscriminatorColumn(name = "tenant", contextProperty = AppPropertyNote.TENANT_PROPERTY)
public class AppPropertyNote {

  /** The property of an entity manager that names its tenant, for this entity. */
  public static final String TENANT_PROPERTY = "app.tenant";

  @Id
  private Long id;

  @Ttl(expireAfterSeconds = 0)
  private Instant expiresAt;

  protected AppPropertyNote() {}

  public AppPropertyNote(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }

  public Long getId() {
    return id;
  }
}
