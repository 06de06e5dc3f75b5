package dev.retention.runtime.internal.pacing;

import java.util.List;
import java.util.OptionalLong;

/**
 * What one read of the replicas found.
 *
 * @param replicas each replica the database sees, or the application named
 * @param writePosition the primary's WAL position, in bytes, where the database says it (PostgreSQL): two readings
 *     tell how fast WAL is written, hence how soon a replica may pass its limit
 */
public record ReplicaReading(List<ReplicaLag> replicas, OptionalLong writePosition) {

  public ReplicaReading {
    replicas = List.copyOf(replicas);
  }
}
