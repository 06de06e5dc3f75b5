package dev.retention.it.epoch;

import dev.retention.EpochUnit;
import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/**
 * Spring Session JDBC's {@code SPRING_SESSION} table as its schema script creates it: {@code EXPIRY_TIME bigint not
 * null}, epoch milliseconds, the expiry instant itself, with its index {@code SPRING_SESSION_IX2}.
 */
@Entity
@Table(name = "SPRING_SESSION", indexes = @Index(name = "SPRING_SESSION_IX2", columnList = "EXPIRY_TIME"))
public class SpringSessionRow {

  @Id
  @Column(name = "PRIMARY_ID", length = 36)
  String primaryId;

  @Column(name = "SESSION_ID", length = 36, nullable = false, unique = true)
  String sessionId;

  @Column(name = "CREATION_TIME", nullable = false)
  long creationTime;

  @Column(name = "LAST_ACCESS_TIME", nullable = false)
  long lastAccessTime;

  @Column(name = "MAX_INACTIVE_INTERVAL", nullable = false)
  int maxInactiveInterval;

  @Ttl(expireAfterSeconds = 0, epoch = EpochUnit.MILLISECONDS)
  @Column(name = "EXPIRY_TIME", nullable = false)
  long expiryTime;

  @Column(name = "PRINCIPAL_NAME", length = 100)
  String principalName;

  protected SpringSessionRow() {}

  public SpringSessionRow(String primaryId, long expiryTime) {
    this.primaryId = primaryId;
    this.sessionId = "s-" + primaryId;
    this.maxInactiveInterval = 1800;
    this.lastAccessTime = expiryTime - 1_800_000L;
    this.creationTime = lastAccessTime;
    this.expiryTime = expiryTime;
  }
}
