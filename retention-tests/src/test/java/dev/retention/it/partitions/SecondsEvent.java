package dev.retention.it.partitions;

import dev.retention.EpochUnit;
import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A record kept ten minutes past its epoch second, in a table partitioned by ranges of them. */
@Entity
@Table(name = "seconds_event")
@SuppressWarnings("retention:index")
public class SecondsEvent {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 600, epoch = EpochUnit.SECONDS)
  @Column(name = "expires_at")
  Long value;

  protected SecondsEvent() {}

  public SecondsEvent(long id, Long value) {
    this.id = id;
    this.value = value;
  }
}
