package dev.retention.sample.jakarta;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

/** Gives each retention batch a transaction of its own, whatever the caller holds (the guide's bean, as it is). */
@Stateless
public class RetentionTransactions {

  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public void run(Runnable batch) {
    batch.run();                               // a RuntimeException rolls the batch back
  }
}
