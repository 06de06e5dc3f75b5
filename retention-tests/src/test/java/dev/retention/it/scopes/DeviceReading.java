package dev.retention.it.scopes;

import dev.retention.Ttl;
import dev.retention.TtlScope;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * A reading of one device (a {@code UUID} scope), kept a day after {@code readAt}; swept device by device. The column is declared {@code uuid} (H2, PostgreSQL, MariaDB 10.7+):
 * EclipseLink's schema generation makes a UUID {@code NUMERIC(16)} on H2, into which no UUID can be inserted.
 */
@Entity
@Table(name = "device_reading", indexes = @Index(columnList = "device_id, read_at"))
public class DeviceReading {

  @Id
  Long id;

  @TtlScope
  @Column(name = "device_id", columnDefinition = "uuid")
  UUID deviceId;

  @Ttl(expireAfterSeconds = 86_400)
  @Column(name = "read_at")
  Instant readAt;

  protected DeviceReading() {}

  public DeviceReading(long id, UUID deviceId, Instant readAt) {
    this.id = id;
    this.deviceId = deviceId;
    this.readAt = readAt;
  }
}
