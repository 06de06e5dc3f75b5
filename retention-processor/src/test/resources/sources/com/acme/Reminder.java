package com.acme;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.PreRemove;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(indexes = @Index(columnList = "owner_id, due_at DESC"))
public class Reminder extends TenantOwned {
  boolean done;

  @Ttl(expireAfterSeconds = 86_400, when = "e.done = true")
  Instant dueAt;

  @PreRemove
  void cancelAlarm() {}
}
