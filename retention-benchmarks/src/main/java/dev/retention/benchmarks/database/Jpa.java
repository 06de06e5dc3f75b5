package dev.retention.benchmarks.database;

import dev.retention.benchmarks.model.ExpiringRow;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceConfiguration;
import jakarta.persistence.PersistenceUnitTransactionType;

/** The benchmark's {@code EntityManagerFactory}: Hibernate's defaults, nothing tuned for any strategy. */
public final class Jpa {

  private Jpa() {}

  /** A factory over {@link ExpiringRow} on {@code database}, creating its table (and the TTL index) afresh. */
  public static EntityManagerFactory factory(BenchmarkDatabase database) {
    return new PersistenceConfiguration("retention-benchmarks-" + database.kind().key())
        .transactionType(PersistenceUnitTransactionType.RESOURCE_LOCAL)
        .managedClass(ExpiringRow.class)
        .property(PersistenceConfiguration.JDBC_URL, database.url())
        .property(PersistenceConfiguration.JDBC_USER, database.user())
        .property(PersistenceConfiguration.JDBC_PASSWORD, database.password())
        .property(PersistenceConfiguration.SCHEMAGEN_DATABASE_ACTION, "drop-and-create")
        // Instants go to MariaDB's zone-less datetime(6); UTC on both sides keeps the loader's literals comparable.
        .property("hibernate.jdbc.time_zone", "UTC")
        .createEntityManagerFactory();
  }
}
