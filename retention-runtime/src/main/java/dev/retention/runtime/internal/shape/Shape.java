package dev.retention.runtime.internal.shape;

import dev.retention.runtime.StatementShape;
import dev.retention.runtime.internal.pass.ExpiredRows;
import jakarta.persistence.EntityManager;
import java.util.Optional;

/**
 * The statements that delete one batch. Every shape keeps the guarantees of a pass: at most the batch's size of rows,
 * oldest first, only rows the batch's {@link dev.retention.runtime.internal.pass.ExpiredRows predicate} holds for when
 * they are deleted (it is applied at the selection and again at the delete, or every row it read is held locked in
 * between), never a row whose attribute is null, and through the provider, so that its caches stay right.
 */
public interface Shape {

  /** Which of the statement shapes it is, as the pass's settings say. */
  StatementShape kind();

  /** What the start line calls it. */
  default String name() {
    return kind().description();
  }

  /**
   * Deletes one batch inside the caller's transaction: the rows deleted, or why it rolled back and runs again (then it
   * threw what {@link Batch#rollBack} returned, so that the transaction rolls back).
   */
  BatchOutcome deleteBatch(EntityManager em, Batch batch);

  /** How many rows are expired, for a dry run: what the batches would delete. */
  default long countExpired(EntityManager em, ExpiredRows rows) {
    return Reads.countExpired(em, rows);
  }

  /** The attribute value of the oldest expired row the batches would delete; empty when none is left. */
  default Optional<Object> oldestExpired(EntityManager em, ExpiredRows rows) {
    return Reads.oldestExpired(em, rows);
  }

  /**
   * A shape whose batches come to rows deleted, or fail: it asks for no rollback of its own, so the only other outcome
   * of its batches is the one its steps record through the batch (a wider window, {@link Batch#selected}).
   */
  interface DeletesRows extends Shape {

    /** Deletes one batch inside the caller's transaction, as {@link #deleteBatch} does; the rows deleted. */
    int deleteRows(EntityManager em, Batch batch);

    @Override
    default BatchOutcome deleteBatch(EntityManager em, Batch batch) {
      return BatchOutcome.deleted(deleteRows(em, batch));
    }
  }
}
