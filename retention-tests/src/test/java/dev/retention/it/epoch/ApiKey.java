package dev.retention.it.epoch;

import dev.retention.EpochUnit;
import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/** An API key that expires at {@code expiresAt}: a {@code Long} of epoch seconds. */
@Entity
@Table(name = "api_key", indexes = @Index(columnList = "expiresAt"))
public class ApiKey {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0, epoch = EpochUnit.SECONDS)
  Long expiresAt;

  protected ApiKey() {}

  public ApiKey(long id, Long expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }
}
