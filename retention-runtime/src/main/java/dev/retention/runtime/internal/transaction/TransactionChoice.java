package dev.retention.runtime.internal.transaction;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.util.Optional;

/**
 * Chooses, once at start, how batches get transactions of their own: what the application handed the builder, else what
 * the factory's provider reveals (Hibernate's JTA platform gives its transaction manager), else resource-local
 * transactions when the factory allows them, else a refusal that says what to hand the builder.
 */
public final class TransactionChoice {

  static final String NO_TRANSACTION_MANAGER = "The EntityManagerFactory is JTA-managed and Retention cannot find its"
      + " TransactionManager, so it cannot give each batch a transaction of its own. Hand it one:"
      + " RetentionRuntime.Builder.transactionManager(...), userTransaction(...) (java:comp/UserTransaction in"
      + " Jakarta EE) or transactions(TransactionRunner)";

  private TransactionChoice() {}

  /**
   * The transactions for {@code emf} when the application handed the builder none.
   *
   * @param provider what the factory's provider reveals, when its support is on the class path; else empty
   */
  public static BatchTransactions detect(EntityManagerFactory emf, Optional<ProviderJta> provider) {
    Optional<BatchTransactions> revealed = provider.flatMap(jta -> jta.transactionsFor(emf));
    if (revealed.isPresent()) {
      return revealed.get();
    }
    return refusesResourceLocal(emf) ? refused() : Transactions.RESOURCE_LOCAL;
  }

  /** Whether {@code emf}'s persistence unit is of transaction type JTA. */
  public static boolean isJtaFactory(EntityManagerFactory emf, Optional<ProviderJta> provider) {
    return provider.flatMap(jta -> jta.isJta(emf)).orElseGet(() -> refusesResourceLocal(emf));
  }

  /** A refusal of every sweep, for a JTA factory whose transaction manager could not be found. */
  public static BatchTransactions refused() {
    return new RefusedTransactions(NO_TRANSACTION_MANAGER);
  }

  /** Whether {@code emf}'s entity managers refuse {@code getTransaction()}, as JPA requires of a JTA unit's. */
  public static boolean refusesResourceLocal(EntityManagerFactory emf) {
    try (EntityManager em = emf.createEntityManager()) {
      em.getTransaction();
      return false;
    } catch (IllegalStateException jta) {
      return true;
    }
  }
}
