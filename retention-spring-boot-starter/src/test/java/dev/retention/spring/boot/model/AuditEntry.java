package dev.retention.spring.boot.model;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** An entry kept one day after {@code occurredAt}. */
@Entity
@Table(name = "audit_entry", indexes = @Index(columnList = "occurredAt"))
public class AuditEntry {

  @Id
  private Long id;

  @Ttl(expireAfterSeconds = 86_400)
  private Instant occurredAt;

  protected AuditEntry() {}

  public AuditEntry(long id, Instant occurredAt) {
    this.id = id;
    this.occurredAt = occurredAt;
  }

  public Long getId() {
    return id;
  }
}
