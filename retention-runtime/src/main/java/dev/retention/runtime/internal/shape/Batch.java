package dev.retention.runtime.internal.shape;

import dev.retention.runtime.internal.pass.ExpiredRows;
import java.util.List;
import java.util.Optional;

/**
 * One batch's request to a shape: the rows that may go, the most it may take, and the checks it answers to while it
 * runs.
 *
 * <p>A batch that must roll back for a reason that is not a failure (a wider window, a shape stepping aside) says so
 * through {@link #rollBack}: the outcome is recorded here, where it arose, and the exception it returns only carries
 * the rollback through the transaction runner (which commits when its work returns, and rolls back only when it
 * throws). The sweep reads the outcome from the batch, never from the exception, so that a runner wrapping what its
 * work threw changes nothing, and no cause chain is walked.
 */
public final class Batch {

  private final ExpiredRows rows;
  private final int size;
  private final Guard guard;
  /** Why the batch rolled back, once a shape or the guard asked for it; null before. */
  private BatchOutcome rolledBackFor;

  /**
   * @param rows the predicate, with the cutoff and the scope bound
   * @param size the most rows the batch deletes
   * @param guard told what the batch selected and when its hook returned, before anything is deleted
   */
  public Batch(ExpiredRows rows, int size, Guard guard) {
    this.rows = rows;
    this.size = size;
    this.guard = guard;
  }

  public ExpiredRows rows() {
    return rows;
  }

  public int size() {
    return size;
  }

  public Guard guard() {
    return guard;
  }

  /**
   * Shows the guard the scope values the batch selected, before it deletes any of them; rolls the batch back when the
   * guard's window grew.
   *
   * @throws RolledBack when it did: the batch runs again against the wider window
   */
  public void selected(List<Object> scopeValues) {
    if (!guard.selected(scopeValues)) {
      throw rollBack(BatchOutcome.WINDOW_WIDENED, null);
    }
  }

  /**
   * Records why the batch rolls back, and returns what the shape throws so that its transaction does.
   *
   * @param cause what the shape met, kept on the exception for a runner's log; may be null
   */
  public RolledBack rollBack(BatchOutcome outcome, Throwable cause) {
    rolledBackFor = outcome;
    return new RolledBack(outcome, cause);
  }

  /** Why the batch rolled back, when a shape or the guard said so through {@link #rollBack}; empty otherwise. */
  public Optional<BatchOutcome> rolledBackFor() {
    return Optional.ofNullable(rolledBackFor);
  }

  /** What a batch tells its sweep before it deletes anything. */
  public interface Guard {

    /**
     * The scope values of the rows a batch of one scope selected, before it deletes any of them: a value the database
     * matched for the scope swept but that Java tells apart (a collation's equal) may bring a longer window along.
     *
     * @return false when one did: the window is wider now, and the batch rolls back and runs again against it
     */
    boolean selected(List<Object> scopeValues);

    /**
     * A before-delete hook returned.
     *
     * @throws IllegalStateException when the batch ran past its time: it rolls back rather than commit late
     */
    void hookReturned();
  }

  /**
   * Thrown only through {@link #rollBack}, to roll a batch's transaction back; the outcome it carries is read from the
   * batch. No stack trace: it is not a failure.
   */
  public static final class RolledBack extends RuntimeException {

    private RolledBack(BatchOutcome outcome, Throwable cause) {
      super("The batch rolled back: " + outcome, cause, false, false);
    }
  }

  /** A guard that lets every batch through. */
  public static final Guard NO_GUARD = new Guard() {
    @Override
    public boolean selected(List<Object> scopeValues) {
      return true;
    }

    @Override
    public void hookReturned() {}
  };
}
