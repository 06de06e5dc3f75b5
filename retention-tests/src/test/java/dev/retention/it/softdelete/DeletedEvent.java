package dev.retention.it.softdelete;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.SoftDelete;
import org.hibernate.annotations.SoftDeleteType;

/**
 * An event Hibernate marks with the instant it was deleted ({@code @SoftDelete(strategy = TIMESTAMP)}), purged 30 days
 * after that: the marker column, mapped read-only, is the {@code @Ttl} attribute. A row never deleted has none, and
 * never expires.
 */
@Entity
@SoftDelete(strategy = SoftDeleteType.TIMESTAMP, columnName = "deleted_at")
@Table(name = "deleted_event", indexes = @Index(columnList = "deleted_at"))
public class DeletedEvent {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 30 * 86_400)
  @Column(name = "deleted_at", insertable = false, updatable = false)
  Instant deletedAt;

  protected DeletedEvent() {}

  public DeletedEvent(long id) {
    this.id = id;
  }
}
