package dev.retention.it.partitions;

import dev.retention.Ttl;
import java.time.Instant;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An event kept a day after it occurred, in a table partitioned by day. */
@Entity
@Table(name = "day_event")
@SuppressWarnings("retention:index")
public class DayEvent {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 86_400)
  @Column(name = "occurred_at")
  Instant value;

  protected DayEvent() {}

  public DayEvent(long id, Instant value) {
    this.id = id;
    this.value = value;
  }
}
