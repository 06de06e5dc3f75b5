package dev.retention.benchmarks.model;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/**
 * {@link LockRow} with a text key of its own: {@code LOCK_KEY}, a 36-character UUID in text, alone as the
 * {@code @Id} ({@code INT_LOCK_TEXT}), so that {@code --modes=locks} measures a single text key beside the composite
 * one. The index on {@code CREATED_DATE} is dropped for the runs without one, as on {@code INT_LOCK}.
 */
@Entity
@Table(name = "INT_LOCK_TEXT", indexes = @Index(name = "INT_LOCK_TEXT_CREATED_DATE", columnList = "CREATED_DATE"))
public class TextLockRow {

  @Id
  @Column(name = "LOCK_KEY", length = 36, nullable = false)
  private String lockKey;

  @Column(name = "CLIENT_ID", length = 36)
  private String clientId;

  @Ttl(expireAfterSeconds = 10)
  @Column(name = "CREATED_DATE", nullable = false)
  private LocalDateTime createdDate;

  protected TextLockRow() {}

  public String getLockKey() {
    return lockKey;
  }

  public LocalDateTime getCreatedDate() {
    return createdDate;
  }
}
