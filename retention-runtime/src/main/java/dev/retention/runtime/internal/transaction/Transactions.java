package dev.retention.runtime.internal.transaction;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.EntityTransaction;
import java.time.Duration;
import java.util.function.Function;

/**
 * Runs work in an entity manager of its own, in a resource-local transaction of its own, with every statement bounded
 * by a timeout so that a lock a foreground transaction holds never makes the sweep wait forever. The default for a
 * factory with no JTA transaction manager in sight.
 */
final class Transactions implements BatchTransactions {

  static final Transactions RESOURCE_LOCAL = new Transactions();

  private Transactions() {}

  /**
   * Runs {@code work} in a new transaction: committed when it returns, rolled back when it throws. Each statement may
   * run, or wait for a lock, for at most {@code timeout}.
   */
  @Override
  public <T> T inTransaction(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work) {
    EntityManager em = boundedEntityManager(emf, timeout);
    try {
      EntityTransaction transaction = em.getTransaction();
      transaction.begin();
      try {
        T result = work.apply(em);
        transaction.commit();
        return result;
      } catch (Throwable e) {
        rollBack(transaction, e);
        throw e;
      }
    } finally {
      em.close();
    }
  }

  /**
   * Runs a read in an entity manager of its own, without a transaction, bounded by {@code timeout} like a batch: a
   * read waits on a table lock as long as a delete does, and a sweep's wall time is bounded only if every statement
   * it runs is.
   */
  @Override
  public <T> T read(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work) {
    EntityManager em = boundedEntityManager(emf, timeout);
    try {
      return work.apply(em);
    } finally {
      em.close();
    }
  }

  @Override
  public String name() {
    return "resource-local transactions";
  }

  /** An entity manager whose every statement may run, or wait for a lock, for at most {@code timeout}. */
  static EntityManager boundedEntityManager(EntityManagerFactory emf, Duration timeout) {
    EntityManager em = emf.createEntityManager();
    try {
      int millis = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
      em.setProperty(JpaHints.QUERY_TIMEOUT, millis);
      em.setProperty(JpaHints.LOCK_TIMEOUT, millis);
      return em;
    } catch (RuntimeException | Error e) {
      em.close();
      throw e;
    }
  }

  private static void rollBack(EntityTransaction transaction, Throwable cause) {
    try {
      if (transaction.isActive()) {
        transaction.rollback();
      }
    } catch (RuntimeException rollbackFailure) {
      cause.addSuppressed(rollbackFailure);
    }
  }
}
