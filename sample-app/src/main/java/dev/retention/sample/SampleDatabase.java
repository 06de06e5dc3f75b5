package dev.retention.sample;

import dev.retention.sample.model.AuditLogEntry;
import dev.retention.sample.model.AuditLogHistory;
import dev.retention.sample.model.CartItem;
import dev.retention.sample.model.CheckoutCart;
import dev.retention.sample.model.JobPayload;
import dev.retention.sample.model.Notification;
import dev.retention.sample.model.ReportJob;
import dev.retention.sample.model.TenantNotification;
import dev.retention.sample.model.UserSession;
import dev.retention.sample.model.WebSession;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceConfiguration;
import jakarta.persistence.PersistenceUnitTransactionType;
import java.util.List;

/**
 * The sample's {@code EntityManagerFactory}, built in code with JPA 3.2's {@link PersistenceConfiguration}: no
 * {@code persistence.xml}.
 */
final class SampleDatabase {

  static final List<Class<?>> ENTITIES = List.of(AuditLogEntry.class, AuditLogHistory.class, UserSession.class,
      Notification.class, JobPayload.class, CheckoutCart.class, CartItem.class, WebSession.class, ReportJob.class,
      TenantNotification.class);

  /** An in-memory H2 database that lives as long as the process. */
  static final String EMBEDDED_H2 = "jdbc:h2:mem:retention-sample;DB_CLOSE_DELAY=-1";

  private SampleDatabase() {}

  static EntityManagerFactory open(SampleOptions options) {
    PersistenceConfiguration configuration = new PersistenceConfiguration("retention-sample")
        .transactionType(PersistenceUnitTransactionType.RESOURCE_LOCAL)
        .property(PersistenceConfiguration.JDBC_URL, options.jdbcUrl().orElse(EMBEDDED_H2))
        .property(PersistenceConfiguration.JDBC_USER, options.user())
        .property(PersistenceConfiguration.JDBC_PASSWORD, options.password())
        // Hibernate's create-drop drops the sample_* tables again when the factory closes, so that a run on a server
        // leaves nothing behind; create (drop, then create) keeps them, for --keep and for the embedded H2, which
        // ends with the process anyway.
        .property("hibernate.hbm2ddl.auto",
            options.jdbcUrl().isPresent() && !options.keep() ? "create-drop" : "create")
        // Batched inserts make seeding quick; they change nothing in how the runtime deletes.
        .property("hibernate.jdbc.batch_size", "500")
        .property("hibernate.order_inserts", "true");
    ENTITIES.forEach(configuration::managedClass);
    return configuration.createEntityManagerFactory();
  }
}
