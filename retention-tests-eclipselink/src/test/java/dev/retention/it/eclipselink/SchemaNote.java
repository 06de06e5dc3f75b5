package dev.retention.it.eclipselink;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import org.eclipse.persistence.annotations.Multitenant;
import org.eclipse.persistence.annotations.MultitenantType;
import org.eclipse.persistence.annotations.TenantTableDiscriminator;
import org.eclipse.persistence.annotations.TenantTableDiscriminatorType;

/**
 * A note of one tenant in a table of that tenant's own schema: EclipseLink qualifies the table with the schema the
 * entity manager's {@code eclipselink.tenant-id} names.
 */
@Entity
@Table(name = "schema_note", indexes = @Index(columnList = "expiresAt"))
@Multitenant(MultitenantType.TABLE_PER_TENANT)
@TenantTableDiscriminator(type = TenantTableDiscriminatorType.SCHEMA)
public class SchemaNote {

  @Id
  private Long id;

  @Ttl(expireAfterSeconds = 0)
  private Instant expiresAt;

  protected SchemaNote() {}

  public SchemaNote(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }

  public Long getId() {
    return id;
  }
}
