package dev.retention.runtime.internal.shape;

import dev.retention.runtime.internal.pass.ExpiredRows;
import java.util.List;

/**
 * One batch's request to a shape: the rows that may go, the most it may take, and the checks it answers to while it
 * runs.
 *
 * @param rows the predicate, with the cutoff and the scope bound
 * @param size the most rows the batch deletes
 * @param guard told what the batch selected and when its hook returned, before anything is deleted; it throws to stop
 *     the batch, which then rolls back
 */
public record Batch(ExpiredRows rows, int size, Guard guard) {

  /** What a batch tells its sweep before it deletes anything. */
  public interface Guard {

    /**
     * The scope values of the rows a batch of one scope selected, before it deletes any of them: a value the database
     * matched for the scope swept but that Java tells apart (a collation's equal) may bring a longer window along.
     *
     * @throws WindowWidened when one does: the batch rolls back and runs again against the wider window
     */
    void selected(List<Object> scopeValues);

    /**
     * A before-delete hook returned.
     *
     * @throws IllegalStateException when the batch ran past its time: it rolls back rather than commit late
     */
    void hookReturned();
  }

  /** Thrown by a {@link Guard} when rows of a longer window were selected; the batch is run again. */
  public static final class WindowWidened extends RuntimeException {

    public WindowWidened(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * Thrown by a shape that stepped aside for another during a batch (a range statement that met a lock): nothing was
   * deleted, and the batch runs again at once, on the shape that takes over.
   */
  public static final class SteppedAside extends RuntimeException {

    public SteppedAside(String message, Throwable cause) {
      super(message, cause, false, false);
    }
  }

  /** A guard that lets every batch through. */
  public static final Guard NO_GUARD = new Guard() {
    @Override
    public void selected(List<Object> scopeValues) {}

    @Override
    public void hookReturned() {}
  };
}
