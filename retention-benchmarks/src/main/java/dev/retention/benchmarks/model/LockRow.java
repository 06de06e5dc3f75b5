package dev.retention.benchmarks.model;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/**
 * Spring Integration's JDBC lock table as its schema scripts declare it ({@code INT_LOCK}): the composite key
 * {@code (LOCK_KEY, REGION)} as an {@code @EmbeddedId}, {@code CLIENT_ID}, and {@code CREATED_DATE}, a zone-less
 * timestamp, as the {@code @Ttl} attribute with the library's default time to live of 10 seconds. The index on
 * {@code CREATED_DATE} is not Spring's; {@code LockSuite} drops it for the runs without one. Rows are loaded
 * server-side by {@code LockTables}.
 */
@Entity
@Table(name = "INT_LOCK", indexes = @Index(name = "INT_LOCK_CREATED_DATE", columnList = "CREATED_DATE"))
public class LockRow {

  @EmbeddedId
  private LockKey key;

  @Column(name = "CLIENT_ID", length = 36)
  private String clientId;

  @Ttl(expireAfterSeconds = 10)
  @Column(name = "CREATED_DATE", nullable = false)
  private LocalDateTime createdDate;

  protected LockRow() {}

  public LockKey getKey() {
    return key;
  }

  public LocalDateTime getCreatedDate() {
    return createdDate;
  }
}
