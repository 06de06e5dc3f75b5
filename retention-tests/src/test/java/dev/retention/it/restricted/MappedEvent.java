package dev.retention.it.restricted;

import dev.retention.Ttl;
import jakarta.persistence.Column;
import jakarta.persistence.DiscriminatorColumn;
import jakarta.persistence.DiscriminatorValue;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.DiscriminatorOptions;

/**
 * An event of the kind this application maps, in a table it shares with events of a kind another application writes
 * ({@code kind = 'other'}): the forced discriminator makes Hibernate's statements read and delete this kind alone.
 */
@Entity
@Table(name = "shared_event", indexes = @Index(columnList = "occurred_at"))
@DiscriminatorColumn(name = "kind")
@DiscriminatorValue("mapped")
@DiscriminatorOptions(force = true)
public class MappedEvent {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0)
  @Column(name = "occurred_at")
  Instant occurredAt;

  protected MappedEvent() {}

  public MappedEvent(long id, Instant occurredAt) {
    this.id = id;
    this.occurredAt = occurredAt;
  }
}
