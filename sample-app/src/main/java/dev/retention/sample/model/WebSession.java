package dev.retention.sample.model;

import dev.retention.EpochUnit;
import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/**
 * A web session in Spring Session JDBC's shape: its expiry is {@code EXPIRY_TIME}, a {@code bigint} of epoch
 * milliseconds, and the row goes at that millisecond.
 */
@Entity
@Table(name = "SPRING_SESSION", indexes = @Index(name = "SPRING_SESSION_IX2", columnList = "EXPIRY_TIME"))
public class WebSession {

  @Id
  @Column(name = "PRIMARY_ID", length = 36)
  private String primaryId;

  @Column(name = "PRINCIPAL_NAME", length = 100)
  private String principalName;

  @Ttl(expireAfterSeconds = 0, epoch = EpochUnit.MILLISECONDS)
  @Column(name = "EXPIRY_TIME", nullable = false)
  private long expiryTime;

  protected WebSession() {}

  public WebSession(String primaryId, String principalName, long expiryTime) {
    this.primaryId = primaryId;
    this.principalName = principalName;
    this.expiryTime = expiryTime;
  }
}
