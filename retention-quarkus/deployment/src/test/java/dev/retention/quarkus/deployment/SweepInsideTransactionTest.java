package dev.retention.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.transaction.TransactionManager;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Quarkus's JTA-managed factory: a sweep called inside the application's transaction runs its batches in transactions
 * of their own (the runtime suspends the caller's through the transaction manager of Quarkus's JTA platform), so the
 * caller rolling back brings no swept row back, and the report tells the truth.
 */
class SweepInsideTransactionTest {

  @RegisterExtension
  static final QuarkusUnitTest APPLICATION = TestApplication.withProperties("quarkus.retention.enabled=false");

  @Inject
  RetentionRuntime retention;

  @Inject
  EntityManagerFactory emf;

  @Inject
  TransactionManager transactionManager;

  @Test
  void sweptRowsStayDeletedWhenTheCallerRollsBack() throws Exception {
    assertEquals(List.of(1L, 2L, 3L, 4L, 5L), remainingIds(), "quarkus.retention.enabled=false: no background sweep");

    transactionManager.begin();
    List<SweepReport> reports = retention.sweepAll();
    transactionManager.rollback();

    SweepReport report = reports.get(0);
    assertTrue(report.succeeded(), report::toString);
    assertEquals(3, report.deleted());
    assertEquals(List.of(4L, 5L), remainingIds());
  }

  private List<Long> remainingIds() {
    try (EntityManager em = emf.createEntityManager()) {
      return em.createQuery("select t.id from SessionToken t order by t.id", Long.class).getResultList();
    }
  }
}
