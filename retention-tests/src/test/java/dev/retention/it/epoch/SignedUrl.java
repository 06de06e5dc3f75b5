package dev.retention.it.epoch;

import dev.retention.EpochUnit;
import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/** A signed URL, kept until {@code expires}: a {@code long} of epoch seconds, which may hold any value a long can. */
@Entity
@Table(name = "signed_url", indexes = @Index(columnList = "expires"))
public class SignedUrl {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0, epoch = EpochUnit.SECONDS)
  Long expires;

  protected SignedUrl() {}

  public SignedUrl(long id, Long expires) {
    this.id = id;
    this.expires = expires;
  }
}
