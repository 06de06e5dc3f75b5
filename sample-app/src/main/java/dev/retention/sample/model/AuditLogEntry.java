package dev.retention.sample.model;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * What happened and who did it; kept 365 days after it occurred, then archived to {@link AuditLogHistory} by the
 * sample's before-delete hook, {@link dev.retention.sample.AuditArchive}.
 */
@Entity
@Table(name = "sample_audit_log", indexes = @Index(name = "sample_audit_log_occurred_at", columnList = "occurredAt"))
public class AuditLogEntry {

  @Id
  @GeneratedValue
  private Long id;

  private String actor;

  private String action;

  @Ttl(expireAfterSeconds = 31_536_000)
  private Instant occurredAt;

  protected AuditLogEntry() {}

  public AuditLogEntry(String actor, String action, Instant occurredAt) {
    this.actor = actor;
    this.action = action;
    this.occurredAt = occurredAt;
  }

  public Long getId() {
    return id;
  }

  public String getActor() {
    return actor;
  }

  public String getAction() {
    return action;
  }

  public Instant getOccurredAt() {
    return occurredAt;
  }
}
