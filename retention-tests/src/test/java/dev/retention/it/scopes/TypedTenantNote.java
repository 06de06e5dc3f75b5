package dev.retention.it.scopes;

import dev.retention.Ttl;
import dev.retention.TtlScope;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A note of one tenant whose id the application holds as a {@code String} while the column is PostgreSQL's
 * {@code uuid} (bound as text the server casts, {@code stringtype=unspecified}): the database compares the scope as a
 * UUID, where {@code "A0EE..."} and {@code "a0ee..."} are one tenant, which Java tells apart.
 */
@Entity
@Table(name = "typed_tenant_note", indexes = @Index(columnList = "tenant, written_at"))
public class TypedTenantNote {

  @Id
  Long id;

  @TtlScope
  @Column(columnDefinition = "uuid")
  String tenant;

  @Ttl(expireAfterSeconds = 30 * 86_400)
  @Column(name = "written_at")
  Instant writtenAt;

  protected TypedTenantNote() {}

  public TypedTenantNote(long id, String tenant, Instant writtenAt) {
    this.id = id;
    this.tenant = tenant;
    this.writtenAt = writtenAt;
  }
}
