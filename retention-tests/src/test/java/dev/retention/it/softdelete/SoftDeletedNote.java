package dev.retention.it.softdelete;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.SoftDelete;

/**
 * A note the application deletes softly (Hibernate marks it {@code deleted}), which expires at {@code expiresAt}
 * whether marked or not: retention purges it for real.
 */
@Entity
@SoftDelete
@Table(name = "soft_deleted_note", indexes = @Index(columnList = "expiresAt"))
public class SoftDeletedNote {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0)
  Instant expiresAt;

  protected SoftDeletedNote() {}

  public SoftDeletedNote(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }
}
