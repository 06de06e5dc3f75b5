package com.example;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** The README's entity. */
@Entity
@Table(indexes = @Index(columnList = "expiresAt"))
public class UserSession {
  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0)
  Instant expiresAt;
}
