package com.acme.shapes;

import dev.retention.EpochUnit;
import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.PreRemove;
import jakarta.persistence.Table;

/** A revoked token kept a day past its {@code exp} claim, an int of epoch seconds. */
@Entity
@Table(indexes = @Index(columnList = "exp"))
public class Jwt {
  @Id
  Long id;

  @Ttl(expireAfterSeconds = 86_400, epoch = EpochUnit.SECONDS)
  Integer exp;

  @PreRemove
  void forget() {}
}
