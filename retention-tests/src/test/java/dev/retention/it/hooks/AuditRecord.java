package dev.retention.it.hooks;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** An audit record kept an hour after it was written, then archived to {@link AuditRecordHistory}: bulk deletes. */
@Entity
@Table(name = "audit_record", indexes = @Index(columnList = "recordedAt"))
public class AuditRecord {

  @Id
  Long id;

  String text;

  @Ttl(expireAfterSeconds = 3600)
  Instant recordedAt;

  protected AuditRecord() {}

  public AuditRecord(long id, String text, Instant recordedAt) {
    this.id = id;
    this.text = text;
    this.recordedAt = recordedAt;
  }

  public Long id() {
    return id;
  }

  public String text() {
    return text;
  }

  public Instant recordedAt() {
    return recordedAt;
  }
}
