package com.acme;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(indexes = @Index(columnList = "occurredAt"))
public class AuditLogEntry {
  @Id long id;

  @Ttl(expireAfterSeconds = 31_536_000)
  Instant occurredAt;
}
