package dev.retention.runtime.internal.transaction;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.UserTransaction;
import java.time.Duration;
import java.util.function.Function;

/**
 * Runs each batch in a JTA transaction begun through a {@link UserTransaction}, which cannot suspend a transaction: a
 * sweep on a thread that holds one is refused, since its batches would join that transaction and be undone with it.
 * Background sweeps run on the runtime's own threads, which hold none.
 */
public final class UserTransactions implements BatchTransactions {

  private final UserTransaction userTransaction;
  private final boolean jtaFactory;

  /**
   * @param jtaFactory whether the factory's persistence unit is of transaction type JTA; a resource-local one runs its
   *     own transaction inside the JTA one, for a pool that enlists its connections
   */
  public UserTransactions(UserTransaction userTransaction, boolean jtaFactory) {
    this.userTransaction = userTransaction;
    this.jtaFactory = jtaFactory;
  }

  @Override
  public void checkCallerMaySweep() {
    int status;
    try {
      status = userTransaction.getStatus();
    } catch (SystemException e) {
      throw new IllegalStateException("Cannot tell whether the calling thread holds a JTA transaction: " + e, e);
    }
    if (status != Status.STATUS_NO_TRANSACTION) {
      throw new IllegalStateException("Retention cannot sweep in a thread that holds a JTA transaction when it has"
          + " only a UserTransaction: its batches would join that transaction and be undone with it. Sweep outside the"
          + " transaction (a method with TransactionAttributeType.NOT_SUPPORTED, say), or give the runtime a"
          + " TransactionManager with RetentionRuntime.Builder.transactionManager(...) so that it can suspend it");
    }
  }

  @Override
  public <T> T inTransaction(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work) {
    checkCallerMaySweep();
    try {
      userTransaction.begin();
    } catch (Exception e) {
      throw new PersistenceException("Cannot begin a JTA transaction for the batch: " + e, e);
    }
    T result;
    try {
      result = jtaFactory ? RunnerTransactions.joined(emf, timeout, work)
          : Transactions.RESOURCE_LOCAL.inTransaction(emf, timeout, work);
    } catch (RuntimeException | Error e) {
      try {
        userTransaction.rollback();
      } catch (Exception rollbackFailure) {
        e.addSuppressed(rollbackFailure);
      }
      throw e;
    }
    try {
      userTransaction.commit();
    } catch (Exception e) {
      throw new PersistenceException("The batch's JTA transaction did not commit: " + e, e);
    }
    return result;
  }

  @Override
  public <T> T read(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work) {
    return Transactions.RESOURCE_LOCAL.read(emf, timeout, work);
  }

  @Override
  public String name() {
    return "JTA transactions through a UserTransaction";
  }
}
