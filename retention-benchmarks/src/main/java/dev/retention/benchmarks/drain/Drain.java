package dev.retention.benchmarks.drain;

import jakarta.persistence.EntityManagerFactory;
import java.time.Instant;

/** One way of deleting every row of {@code expiring_row} expired at a cutoff: the thing being measured. */
public interface Drain {

  /** The name in tables, CSV files and on the command line, such as {@code sweep-500}. */
  String name();

  /** Deletes every expired row, in this thread, and says what it did. */
  DrainOutcome run(EntityManagerFactory emf, Instant cutoff);
}
