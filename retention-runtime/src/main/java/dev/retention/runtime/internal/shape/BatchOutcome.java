package dev.retention.runtime.internal.shape;

/**
 * What one batch of a shape came to: rows deleted (committed with its transaction), or rolled back with nothing deleted
 * for a reason that lets the same batch run again at once. A failure is not an outcome: it is thrown, and fails the
 * sweep.
 */
public sealed interface BatchOutcome {

  /** The batch committed, having deleted {@code rows} rows. */
  record Deleted(int rows) implements BatchOutcome {}

  /**
   * The batch selected rows of a scope value with a longer window than the one it ran at (a collation's equal written
   * since): it rolled back before deleting anything, and runs again against the wider window.
   */
  record WindowWidened() implements BatchOutcome {}

  /**
   * The shape gave way to another during the batch (a range statement that met a lock, or took more rows than the
   * batch's size): it rolled back, and the batch runs again at once on the shape that takes over.
   *
   * @param why what the shape met, for the log
   */
  record SteppedAside(String why) implements BatchOutcome {}

  static BatchOutcome deleted(int rows) {
    return new Deleted(rows);
  }

  BatchOutcome WINDOW_WIDENED = new WindowWidened();
}
