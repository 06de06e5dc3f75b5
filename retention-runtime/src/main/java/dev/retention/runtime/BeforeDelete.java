package dev.retention.runtime;

import jakarta.persistence.EntityManager;
import java.util.List;

/**
 * Work that must happen to a batch's rows before they are deleted: archive them to a history table, remove the files
 * they point to, write an audit line. Registered per pass with {@link RetentionRuntime.Builder#beforeDelete}.
 *
 * <p>It runs inside the batch's transaction, on the batch's own {@code EntityManager}, after the rows were selected
 * and locked and before they are deleted, so what it writes commits with the delete or not at all. A hook that throws
 * rolls the whole batch back: the rows stay, and the sweep ends with the failure in its {@link SweepReport}. Every row
 * it is given is then deleted in the same transaction, and no other row is. Dry runs do not call it.
 *
 * <pre>{@code
 * RetentionRuntime.builder(emf)
 *     .beforeDelete(AuditEntry.class.getName(), (em, ids) -> em.createQuery(
 *             "select a from AuditEntry a where a.id in :ids", AuditEntry.class)
 *         .setParameter("ids", ids).getResultList()
 *         .forEach(entry -> em.persist(new AuditHistory(entry))))
 *     .build();
 * }</pre>
 */
@FunctionalInterface
public interface BeforeDelete {

  /**
   * Called once per batch with its rows, oldest first, before they are deleted.
   *
   * @param em the batch's entity manager, in its transaction; changing the batch's rows here rolls the batch back
   * @param rows the ids of the rows for a pass that deletes with {@link DeleteStrategy#BULK_STATEMENTS bulk
   *     statements} (for an {@code @IdClass} key, instances of the id class), the managed entities for one that deletes by {@link DeleteStrategy#ENTITY_REMOVAL removal}; never
   *     empty, and not to be modified
   * @throws Exception to roll the batch back and keep its rows
   */
  void beforeDelete(EntityManager em, List<?> rows) throws Exception;
}
