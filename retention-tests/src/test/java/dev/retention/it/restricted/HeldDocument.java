package dev.retention.it.restricted;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.Filter;
import org.hibernate.annotations.FilterDef;

/**
 * A document under a legal hold while {@code hold} is true: the application's auto-enabled filter hides held documents
 * from every session, the runtime's too, so Hibernate's own statements keep them; a native statement would not.
 */
@Entity
@Table(name = "held_document", indexes = @Index(columnList = "expires_at"))
@FilterDef(name = "live", defaultCondition = "hold = false", autoEnabled = true)
@Filter(name = "live")
public class HeldDocument {

  @Id
  Long id;

  boolean hold;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "expires_at")
  Instant expiresAt;

  protected HeldDocument() {}

  public HeldDocument(long id, boolean hold, Instant expiresAt) {
    this.id = id;
    this.hold = hold;
    this.expiresAt = expiresAt;
  }
}
