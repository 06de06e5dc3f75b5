package dev.retention.sample.model;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** An audit entry archived as its row was swept: same id, same values. No {@code @Ttl}, so history stays. */
@Entity
@Table(name = "sample_audit_log_history")
public class AuditLogHistory {

  @Id
  private Long id;

  private String actor;

  private String action;

  private Instant occurredAt;

  protected AuditLogHistory() {}

  public AuditLogHistory(AuditLogEntry entry) {
    this.id = entry.getId();
    this.actor = entry.getActor();
    this.action = entry.getAction();
    this.occurredAt = entry.getOccurredAt();
  }
}
