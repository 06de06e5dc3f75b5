package dev.retention.runtime.internal.transaction;

import dev.retention.runtime.TransactionRunner;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Runs each batch inside the application's {@link TransactionRunner}. With a JTA persistence unit the batch's entity
 * manager joins the runner's transaction; with a resource-local one it runs its own transaction inside it.
 */
public final class RunnerTransactions implements BatchTransactions {

  private final TransactionRunner runner;
  private final boolean jtaFactory;

  public RunnerTransactions(TransactionRunner runner, boolean jtaFactory) {
    this.runner = runner;
    this.jtaFactory = jtaFactory;
  }

  @Override
  public <T> T inTransaction(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work) {
    AtomicReference<T> result = new AtomicReference<>();
    try {
      runner.inNewTransaction(() -> result.set(jtaFactory
          ? joined(emf, timeout, work)
          : Transactions.RESOURCE_LOCAL.inTransaction(emf, timeout, work)));
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      // A checked exception, or a Throwable of neither kind thrown past the compiler: the batch's failure, like any.
      throw new PersistenceException("The application's TransactionRunner did not commit the batch: " + e, e);
    }
    return result.get();
  }

  /** Runs {@code work} in an entity manager that joins the thread's JTA transaction, flushed before it returns. */
  static <T> T joined(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work) {
    try (EntityManager em = Transactions.boundedEntityManager(emf, timeout)) {
      em.joinTransaction();
      T result = work.apply(em);
      em.flush();
      return result;
    }
  }

  @Override
  public <T> T read(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work) {
    return Transactions.RESOURCE_LOCAL.read(emf, timeout, work);
  }

  @Override
  public String name() {
    return "the application's TransactionRunner";
  }
}
