package dev.retention.it.partitions;

import dev.retention.EpochUnit;
import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A token that expires at epoch milliseconds, in a table partitioned by ranges of them. */
@Entity
@Table(name = "millis_event")
@SuppressWarnings("retention:index")
public class MillisEvent {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0, epoch = EpochUnit.MILLISECONDS)
  @Column(name = "expires_at")
  Long value;

  protected MillisEvent() {}

  public MillisEvent(long id, Long value) {
    this.id = id;
    this.value = value;
  }
}
