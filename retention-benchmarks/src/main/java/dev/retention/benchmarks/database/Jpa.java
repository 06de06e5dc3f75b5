package dev.retention.benchmarks.database;

import dev.retention.benchmarks.model.ExpiringRow;
import dev.retention.it.support.ScratchDatabase;
import jakarta.persistence.EntityManagerFactory;
import java.util.List;
import java.util.Map;

/** The benchmark's {@code EntityManagerFactory}: the provider's defaults, nothing tuned for any strategy. */
public final class Jpa {

  private Jpa() {}

  /** A factory over {@link ExpiringRow} on {@code database}, creating its table (and the TTL index) afresh. */
  public static EntityManagerFactory factory(ScratchDatabase database) {
    // The suites' factory: Instants go to MariaDB's zone-less datetime(6) in UTC, so the loader's literals compare.
    return dev.retention.it.support.Jpa.factory(database, List.of(ExpiringRow.class), Map.of());
  }
}
