package dev.retention.runtime.internal.transaction;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.function.Function;

/**
 * How a sweep runs its work against the factory: each batch in a transaction of its own, committed before the sweep
 * counts its rows, whatever transaction the calling thread holds; reads outside any transaction.
 */
public interface BatchTransactions {

  /**
   * Runs {@code work} in a new transaction of its own: committed when it returns, rolled back when it throws. Each
   * statement may run, or wait for a lock, for at most {@code timeout}.
   */
  <T> T inTransaction(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work);

  /** Runs a read in an entity manager of its own, in no transaction of the caller's, bounded by {@code timeout}. */
  <T> T read(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work);

  /**
   * Throws {@code IllegalStateException}, saying why and what to do, when a sweep on the calling thread could not keep
   * its batches out of the thread's transaction.
   */
  default void checkCallerMaySweep() {}

  /** Whether every batch is refused, so that no sweep can delete a row until the application hands the builder more. */
  default boolean refusesEverySweep() {
    return false;
  }

  /** What runs the transactions, for the start-up log: "resource-local transactions", ... */
  String name();
}
