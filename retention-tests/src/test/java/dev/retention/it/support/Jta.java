package dev.retention.it.support;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;
import io.agroal.narayana.NarayanaTransactionIntegration;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceConfiguration;
import jakarta.persistence.PersistenceUnitTransactionType;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.UserTransaction;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;

/**
 * JTA as an application server or Quarkus sets it up, standalone: Narayana's transaction manager, an Agroal pool that
 * enlists its connections in the current JTA transaction, and a Hibernate persistence unit of transaction type JTA
 * that finds the transaction manager through Hibernate's Narayana JTA platform.
 */
public final class Jta {

  static {
    // Narayana keeps its transaction log in the working directory unless told otherwise.
    System.setProperty("ObjectStoreEnvironmentBean.objectStoreDir", "target/narayana");
    System.setProperty("com.arjuna.ats.arjuna.objectstore.objectStoreDir", "target/narayana");
    // Without this Narayana opens a socket listener on a thread that keeps the test JVM from exiting.
    System.setProperty("CoordinatorEnvironmentBean.transactionStatusManagerEnable", "false");
  }

  private static final String NARAYANA_PLATFORM =
      "org.hibernate.engine.transaction.jta.platform.internal.NarayanaJtaPlatform";

  private Jta() {}

  public static TransactionManager transactionManager() {
    return com.arjuna.ats.jta.TransactionManager.transactionManager();
  }

  public static UserTransaction userTransaction() {
    return com.arjuna.ats.jta.UserTransaction.userTransaction();
  }

  /** A pool on {@code database} whose connections take part in the calling thread's JTA transaction. */
  public static AgroalDataSource dataSource(TestDatabase database) throws SQLException {
    TransactionSynchronizationRegistry registry =
        new com.arjuna.ats.internal.jta.transaction.arjunacore.TransactionSynchronizationRegistryImple();
    return AgroalDataSource.from(new AgroalDataSourceConfigurationSupplier()
        .connectionPoolConfiguration(pool -> pool
            .maxSize(8)
            .transactionIntegration(new NarayanaTransactionIntegration(transactionManager(), registry))
            .connectionFactoryConfiguration(connection -> connection
                .jdbcUrl(database.url())
                .principal(new NamePrincipal(database.user()))
                .credential(new SimplePassword(database.password())))));
  }

  /** A JTA persistence unit over {@code dataSource} managing {@code entities}, with their tables created fresh. */
  public static EntityManagerFactory factory(AgroalDataSource dataSource, List<Class<?>> entities) {
    PersistenceConfiguration configuration = new PersistenceConfiguration("retention-jta")
        .transactionType(PersistenceUnitTransactionType.JTA)
        .property("hibernate.connection.datasource", dataSource)
        .property("hibernate.transaction.jta.platform", NARAYANA_PLATFORM)
        .property(PersistenceConfiguration.SCHEMAGEN_DATABASE_ACTION, "drop-and-create")
        .property("hibernate.jdbc.time_zone", "UTC");
    entities.forEach(configuration::managedClass);
    return configuration.createEntityManagerFactory();
  }

  /**
   * A JTA persistence unit as {@link #factory} makes, but with Hibernate's {@code NoJtaPlatform}: like a provider that
   * reveals no transaction manager (EclipseLink in a Jakarta EE server), it leaves the runtime none to find. Its tables
   * are {@link #factory}'s; it reads no JDBC metadata at boot (which would suspend a transaction with no manager), so
   * the database is named.
   */
  public static EntityManagerFactory factoryWithoutPlatform(
      AgroalDataSource dataSource, TestDatabase.Kind kind, List<Class<?>> entities) {
    PersistenceConfiguration configuration = new PersistenceConfiguration("retention-jta-no-platform")
        .transactionType(PersistenceUnitTransactionType.JTA)
        .property("hibernate.connection.datasource", dataSource)
        .property("hibernate.transaction.jta.platform",
            "org.hibernate.engine.transaction.jta.platform.internal.NoJtaPlatform")
        .property("hibernate.boot.allow_jdbc_metadata_access", "false")
        .property("jakarta.persistence.database-product-name", kind.label())
        .property("hibernate.jdbc.time_zone", "UTC");
    entities.forEach(configuration::managedClass);
    return configuration.createEntityManagerFactory();
  }

  /** Runs {@code work} in a JTA transaction of its own, committed at the end. */
  public static void inTransaction(EntityManagerFactory emf, Consumer<EntityManager> work) throws Exception {
    TransactionManager transactionManager = transactionManager();
    transactionManager.begin();
    try (EntityManager em = emf.createEntityManager()) {
      em.joinTransaction();
      work.accept(em);
      em.flush();
    } catch (RuntimeException | Error e) {
      transactionManager.rollback();
      throw e;
    }
    transactionManager.commit();
  }
}
