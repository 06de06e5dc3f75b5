package dev.retention.runtime;

/**
 * How to run one batch in a transaction of its own, for a set-up where the runtime cannot do so by itself. Hand one to
 * {@link RetentionRuntime.Builder#transactions(TransactionRunner)}.
 *
 * <pre>{@code
 * // Quarkus
 * builder.transactions(batch -> QuarkusTransaction.requiringNew().run(batch));
 * // Spring, with a JTA transaction manager
 * TransactionTemplate requiresNew = new TransactionTemplate(transactionManager);
 * requiresNew.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
 * builder.transactions(batch -> requiresNew.executeWithoutResult(status -> batch.run()));
 * }</pre>
 *
 * <p>With a JTA persistence unit the batch's entity manager joins the transaction the runner began; with a
 * resource-local one the batch also begins and commits its own {@code EntityTransaction} inside it.
 */
@FunctionalInterface
public interface TransactionRunner {

  /**
   * Runs {@code batch} in a new transaction, with any transaction of the calling thread suspended meanwhile: committed
   * when {@code batch} returns, rolled back when it throws. Returns only once the transaction has committed, and throws
   * when it did not: the runtime counts a batch's rows as deleted only when this returns.
   */
  void inNewTransaction(Runnable batch) throws Exception;
}
