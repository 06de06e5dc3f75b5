package dev.retention.it.reliability;

import dev.retention.Ttl;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** An expiry instant that a converter stores as a Los Angeles wall-clock time. */
@Entity
@Table(name = "wall_clock_row", indexes = @Index(columnList = "expiresAt"))
public class WallClockRow {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0)
  @Convert(converter = WallClockLosAngeles.class)
  Instant expiresAt;

  protected WallClockRow() {}

  public WallClockRow(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }
}
