package com.acme.shapes;

import dev.retention.EpochUnit;
import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/** Spring Session JDBC's table: the expiry as a bigint of epoch milliseconds. */
@Entity
@Table(name = "SPRING_SESSION", indexes = @Index(columnList = "EXPIRY_TIME"))
public class SpringSession {
  @Id
  @Column(name = "PRIMARY_ID", length = 36)
  String primaryId;

  @Ttl(expireAfterSeconds = 0, epoch = EpochUnit.MILLISECONDS)
  @Column(name = "EXPIRY_TIME", nullable = false)
  long expiryTime;
}
