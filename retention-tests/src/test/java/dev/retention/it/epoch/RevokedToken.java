package dev.retention.it.epoch;

import dev.retention.EpochUnit;
import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/** A revoked token, kept until its {@code exp} claim: an {@code int} of epoch seconds, as JWT counts. */
@Entity
@Table(name = "revoked_token", indexes = @Index(columnList = "exp"))
public class RevokedToken {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0, epoch = EpochUnit.SECONDS)
  Integer exp;

  protected RevokedToken() {}

  public RevokedToken(long id, Integer exp) {
    this.id = id;
    this.exp = exp;
  }
}
