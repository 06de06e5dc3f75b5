package dev.retention.it.hooks;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Where a before-delete hook archives the audit records a sweep deletes. No {@code @Ttl}: history stays. */
@Entity
@Table(name = "audit_record_history")
public class AuditRecordHistory {

  @Id
  Long id;

  String text;

  Instant recordedAt;

  protected AuditRecordHistory() {}

  public AuditRecordHistory(AuditRecord record) {
    this.id = record.id();
    this.text = record.text();
    this.recordedAt = record.recordedAt();
  }
}
