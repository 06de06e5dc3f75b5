package dev.retention.it.reliability;

import dev.retention.Ttl;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A plain entity whose table the test replaces with a hash-partitioned one, as a migration might. */
@Entity
@Table(name = "partitioned_row")
@SuppressWarnings("retention:index")
public class PartitionedRow {

  @Id
  Long id;

  @Ttl(expireAfterSeconds = 0)
  Instant expiresAt;

  protected PartitionedRow() {}

  public PartitionedRow(long id, Instant expiresAt) {
    this.id = id;
    this.expiresAt = expiresAt;
  }
}
