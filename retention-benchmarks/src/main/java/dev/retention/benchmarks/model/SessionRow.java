package dev.retention.benchmarks.model;

import dev.retention.EpochUnit;
import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/**
 * Spring Session JDBC's session table as its schema scripts declare it: a 36-character UUID text key,
 * {@code EXPIRY_TIME} in epoch milliseconds with its index, and a child table of attributes ({@code
 * spring_session_attributes}, created by {@code SessionTables}, not mapped) whose foreign key cascades on delete in
 * the database. Rows are loaded server-side; the runtime deletes them through the generated pass.
 */
@Entity
@Table(name = "spring_session", indexes = {
    @Index(name = "spring_session_ix1", columnList = "session_id", unique = true),
    @Index(name = "spring_session_ix2", columnList = "expiry_time")})
public class SessionRow {

  @Id
  @Column(name = "primary_id", length = 36)
  private String primaryId;

  @Column(name = "session_id", length = 36, nullable = false)
  private String sessionId;

  @Column(name = "creation_time", nullable = false)
  private long creationTime;

  @Column(name = "last_access_time", nullable = false)
  private long lastAccessTime;

  @Column(name = "max_inactive_interval", nullable = false)
  private int maxInactiveInterval;

  @Ttl(expireAfterSeconds = 0, epoch = EpochUnit.MILLISECONDS)
  @Column(name = "expiry_time", nullable = false)
  private long expiryTime;

  @Column(name = "principal_name", length = 100)
  private String principalName;

  protected SessionRow() {}

  public String getPrimaryId() {
    return primaryId;
  }

  public long getExpiryTime() {
    return expiryTime;
  }
}
