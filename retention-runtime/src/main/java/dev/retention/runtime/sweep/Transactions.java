package dev.retention.runtime.sweep;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.EntityTransaction;
import java.util.function.Function;

/** Runs work in an entity manager of its own, in a resource-local transaction of its own. */
final class Transactions {

  private Transactions() {}

  /** Runs {@code work} in a new transaction: committed when it returns, rolled back when it throws. */
  static <T> T inTransaction(EntityManagerFactory emf, Function<EntityManager, T> work) {
    EntityManager em = emf.createEntityManager();
    try {
      EntityTransaction transaction = em.getTransaction();
      transaction.begin();
      try {
        T result = work.apply(em);
        transaction.commit();
        return result;
      } catch (RuntimeException | Error e) {
        rollBack(transaction, e);
        throw e;
      }
    } finally {
      em.close();
    }
  }

  /** Runs a read in an entity manager of its own, without a transaction. */
  static <T> T read(EntityManagerFactory emf, Function<EntityManager, T> work) {
    EntityManager em = emf.createEntityManager();
    try {
      return work.apply(em);
    } finally {
      em.close();
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
