package dev.retention.runtime.internal.transaction;

import jakarta.persistence.EntityManagerFactory;
import java.util.Optional;

/**
 * What a JPA provider reveals about the transactions of its factories, where JPA alone cannot tell: its JTA platform's
 * transaction manager, and whether a unit is JTA. Hibernate's answers come from {@code hibernate.HibernateJta}, loaded
 * only when Hibernate is on the class path.
 */
public interface ProviderJta {

  /** Transactions for {@code emf} from what the provider reveals; empty when it reveals nothing of use. */
  Optional<BatchTransactions> transactionsFor(EntityManagerFactory emf);

  /** Whether {@code emf}'s unit is JTA; empty when the factory is not this provider's. */
  Optional<Boolean> isJta(EntityManagerFactory emf);
}
