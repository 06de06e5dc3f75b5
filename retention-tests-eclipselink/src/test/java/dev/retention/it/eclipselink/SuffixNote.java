package dev.retention.it.eclipselink;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import org.eclipse.persistence.annotations.Multitenant;
import org.eclipse.persistence.annotations.MultitenantType;

/**
 * A note of one tenant in a table of that tenant's own, EclipseLink's defaults for a table per tenant: the table's name
 * with the tenant the entity manager's {@code eclipselink.tenant-id} names as a suffix ({@code suffix_note_t1}).
 */
@Entity
@Table(name = "suffix_note", indexes = @Index(columnList = "expiresAt"))
@Multitenant(MultitenantType.TABLE_PER_TENANT)
public class SuffixNote {

  @Id
  private Long id;

  @Ttl(expireAfterSeconds = 0)
  private Instant expiresAt;

  protected SuffixNote() {}

  public SuffixNote(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }

  public Long getId() {
    return id;
  }
}
