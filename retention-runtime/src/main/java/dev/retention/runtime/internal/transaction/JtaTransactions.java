package dev.retention.runtime.internal.transaction;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs each batch in a JTA transaction of its own through the {@link TransactionManager}: the calling thread's
 * transaction, if any, is suspended for the batch and resumed after it, so a caller that rolls back never takes a swept
 * batch with it. With a JTA persistence unit the batch's entity manager joins the new transaction; with a
 * resource-local one (whose pool may still enlist connections in a JTA transaction) the batch runs its own
 * resource-local transaction while the caller's is suspended.
 */
public final class JtaTransactions implements BatchTransactions {

  private final TransactionManager transactionManager;
  private final boolean jtaFactory;

  /**
   * @param jtaFactory whether the factory's persistence unit is of transaction type JTA
   */
  public JtaTransactions(TransactionManager transactionManager, boolean jtaFactory) {
    this.transactionManager = transactionManager;
    this.jtaFactory = jtaFactory;
  }

  @Override
  public <T> T inTransaction(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work) {
    return outsideCallersTransaction(() -> jtaFactory
        ? inJtaTransaction(emf, timeout, work)
        : Transactions.RESOURCE_LOCAL.inTransaction(emf, timeout, work));
  }

  @Override
  public <T> T read(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work) {
    return outsideCallersTransaction(() -> Transactions.RESOURCE_LOCAL.read(emf, timeout, work));
  }

  @Override
  public String name() {
    return jtaFactory ? "JTA transactions of their own" : "resource-local transactions, the caller's JTA suspended";
  }

  private <T> T inJtaTransaction(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work) {
    try {
      transactionManager.begin();
    } catch (Exception e) {
      throw new PersistenceException("Cannot begin a JTA transaction for the batch: " + e, e);
    }
    T result;
    try {
      result = RunnerTransactions.joined(emf, timeout, work);
    } catch (RuntimeException | Error e) {
      rollBack(e);
      throw e;
    }
    try {
      transactionManager.commit();
    } catch (Exception e) {
      // RollbackException and the heuristic outcomes: the rows may not be gone, so the batch counts none.
      throw new PersistenceException("The batch's JTA transaction did not commit: " + e, e);
    }
    return result;
  }

  private void rollBack(Throwable cause) {
    try {
      if (transactionManager.getStatus() != Status.STATUS_NO_TRANSACTION) {
        transactionManager.rollback();
      }
    } catch (Exception rollbackFailure) {
      cause.addSuppressed(rollbackFailure);
    }
  }

  /** Runs {@code work} with the calling thread's transaction suspended, and resumes it afterwards. */
  private <T> T outsideCallersTransaction(Supplier<T> work) {
    Transaction suspended;
    try {
      suspended = transactionManager.suspend();
    } catch (SystemException e) {
      throw new PersistenceException("Cannot suspend the calling thread's JTA transaction: " + e, e);
    }
    Throwable failure = null;
    try {
      return work.get();
    } catch (RuntimeException | Error e) {
      failure = e;
      throw e;
    } finally {
      if (suspended != null) {
        resume(suspended, failure);
      }
    }
  }

  private void resume(Transaction suspended, Throwable failure) {
    try {
      transactionManager.resume(suspended);
    } catch (Exception e) {
      PersistenceException notResumed =
          new PersistenceException("Cannot resume the calling thread's JTA transaction after a batch: " + e, e);
      if (failure != null) {
        failure.addSuppressed(notResumed);
      } else {
        throw notResumed;
      }
    }
  }
}
