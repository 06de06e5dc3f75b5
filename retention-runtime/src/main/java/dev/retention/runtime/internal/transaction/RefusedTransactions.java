package dev.retention.runtime.internal.transaction;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.function.Function;

/**
 * For a JTA persistence unit whose transaction manager the runtime cannot find: every sweep is refused with the reason
 * and the fix, rather than run batches that would join whatever transaction happens to be there.
 */
final class RefusedTransactions implements BatchTransactions {

  private final String reason;

  RefusedTransactions(String reason) {
    this.reason = reason;
  }

  @Override
  public void checkCallerMaySweep() {
    throw new IllegalStateException(reason);
  }

  @Override
  public <T> T inTransaction(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work) {
    throw new IllegalStateException(reason);
  }

  @Override
  public <T> T read(EntityManagerFactory emf, Duration timeout, Function<EntityManager, T> work) {
    return Transactions.RESOURCE_LOCAL.read(emf, timeout, work);
  }

  @Override
  public boolean refusesEverySweep() {
    return true;
  }

  @Override
  public String name() {
    return "none: " + reason;
  }
}
