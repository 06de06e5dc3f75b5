package dev.retention.it.reliability;

import dev.retention.Ttl;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** An expiry instant that a converter stores as epoch seconds. */
@Entity
@Table(name = "epoch_seconds_row", indexes = @Index(columnList = "expiresAt"))
public class EpochSecondsRow {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0)
  @Convert(converter = EpochSeconds.class)
  Instant expiresAt;

  protected EpochSecondsRow() {}

  public EpochSecondsRow(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }
}
