package com.acme;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.UUID;

@Entity(name = "Job")
@Table(indexes = @Index(columnList = "discard_at, id"))
public class JobPayload {
  @Id UUID id;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "discard_at")
  OffsetDateTime discardAfter;
}
