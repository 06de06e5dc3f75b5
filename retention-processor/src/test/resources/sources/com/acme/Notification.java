package com.acme;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

@Entity
@Table(indexes = @Index(columnList = "last_modified"))
class Notification {
  @Id Integer id;

  @Ttl(expireAfterSeconds = 7_776_000)
  LocalDateTime lastModified;
}
