package dev.retention.runtime.internal.transaction.hibernate;

import dev.retention.runtime.internal.transaction.BatchTransactions;
import dev.retention.runtime.internal.transaction.JtaTransactions;
import dev.retention.runtime.internal.transaction.ProviderJta;
import dev.retention.runtime.internal.transaction.TransactionChoice;
import dev.retention.runtime.internal.transaction.UserTransactions;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.TransactionManager;
import jakarta.transaction.UserTransaction;
import java.util.Optional;
import java.util.function.Supplier;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.engine.transaction.jta.platform.spi.JtaPlatform;
import org.hibernate.resource.transaction.spi.TransactionCoordinatorBuilder;

/**
 * What a Hibernate factory reveals about JTA: whether its unit is JTA, and the transaction manager of its JTA platform
 * (Quarkus, WildFly, Narayana standalone, ...). A factory whose platform has a transaction manager gets batches that
 * suspend the caller's transaction, also when the unit is resource-local, since its pool may enlist connections in it.
 */
public final class HibernateJta implements ProviderJta {

  public static final HibernateJta INSTANCE = new HibernateJta();

  private HibernateJta() {}

  /** The transactions for {@code emf}; empty when it is not Hibernate's or no JTA platform is configured. */
  @Override
  public Optional<BatchTransactions> transactionsFor(EntityManagerFactory emf) {
    Optional<SessionFactoryImplementor> hibernate = unwrap(emf);
    if (hibernate.isEmpty()) {
      return Optional.empty();
    }
    SessionFactoryImplementor factory = hibernate.get();
    boolean jta = unitIsJta(factory);
    JtaPlatform platform = factory.getServiceRegistry().getService(JtaPlatform.class);
    TransactionManager transactionManager = platform == null ? null : retrieve(platform::retrieveTransactionManager);
    if (transactionManager != null) {
      return Optional.of(new JtaTransactions(transactionManager, jta));
    }
    if (!jta) {
      return Optional.empty();
    }
    UserTransaction userTransaction = platform == null ? null : retrieve(platform::retrieveUserTransaction);
    return Optional.of(userTransaction != null ? new UserTransactions(userTransaction, true)
        : TransactionChoice.refused());
  }

  /** Whether {@code emf}'s unit is of transaction type JTA; empty when the factory is not Hibernate's. */
  @Override
  public Optional<Boolean> isJta(EntityManagerFactory emf) {
    return unwrap(emf).map(HibernateJta::unitIsJta);
  }

  private static boolean unitIsJta(SessionFactoryImplementor factory) {
    TransactionCoordinatorBuilder coordinator =
        factory.getServiceRegistry().getService(TransactionCoordinatorBuilder.class);
    return coordinator != null && coordinator.isJta();
  }

  private static Optional<SessionFactoryImplementor> unwrap(EntityManagerFactory emf) {
    try {
      return Optional.of(emf.unwrap(SessionFactoryImplementor.class));
    } catch (PersistenceException | IllegalArgumentException notHibernate) {
      return Optional.empty();
    }
  }

  /** What the platform gives, or null: a platform without a transaction manager throws rather than return null. */
  private static <T> T retrieve(Supplier<T> lookup) {
    try {
      return lookup.get();
    } catch (RuntimeException notAvailable) {
      return null;
    }
  }
}
