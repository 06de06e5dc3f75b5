package dev.retention.it.scopes;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * A reading of one device, kept a day after {@code readAt} and swept device by device (a {@code UUID} scope) by the
 * pass {@code ScopeValueTypesTest} writes by hand. The column is declared {@code uuid} (H2, PostgreSQL, MariaDB 10.7+):
 * EclipseLink's schema generation makes a UUID {@code NUMERIC(16)} on H2, into which no UUID can be inserted.
 */
@Entity
@Table(name = "device_reading", indexes = @Index(columnList = "device_id, read_at"))
public class DeviceReading {

  @Id
  Long id;

  @Column(name = "device_id", columnDefinition = "uuid")
  UUID deviceId;

  @Column(name = "read_at")
  Instant readAt;

  protected DeviceReading() {}

  public DeviceReading(long id, UUID deviceId, Instant readAt) {
    this.id = id;
    this.deviceId = deviceId;
    this.readAt = readAt;
  }
}
