package dev.retention.it.partitions;

import dev.retention.Ttl;
import java.time.LocalDateTime;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An event stamped with a wall-clock time, kept an hour, in a table partitioned by hour. */
@Entity
@Table(name = "wall_clock_event")
@SuppressWarnings("retention:index")
public class WallClockEvent {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 3_600)
  @Column(name = "occurred_at")
  LocalDateTime value;

  protected WallClockEvent() {}

  public WallClockEvent(long id, LocalDateTime value) {
    this.id = id;
    this.value = value;
  }
}
