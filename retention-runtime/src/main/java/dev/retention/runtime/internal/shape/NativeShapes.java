package dev.retention.runtime.internal.shape;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.internal.pass.PassModel;

/**
 * Statements shaped for one provider and database (PostgreSQL's {@code ctid}, {@code SKIP LOCKED}), which a pass takes
 * only when they are known to keep exactly the rows the portable JPQL keeps. Each judges a pass by an allow-list: what
 * it cannot promise, it declines, and the start line says why where the user should hear it.
 */
public interface NativeShapes {

  /**
   * A shape's answer for one pass.
   *
   * @param shape the shape that takes the pass, or null when it declines
   * @param note why it declines, for the start line; null when it takes the pass or the reason is not worth a line
   */
  record Judgement(Shape shape, String note) {

    public static Judgement takes(Shape shape) {
      return new Judgement(shape, null);
    }

    public static Judgement declines(String note) {
      return new Judgement(null, note);
    }

    /** Declines for a reason the user need not hear (an entity whose mapping the shape does not handle). */
    public static Judgement quietlyDeclines() {
      return new Judgement(null, null);
    }
  }

  /** The shape's name, as the start line gives it. */
  String name();

  /**
   * Whether the shape is worth judging for a pass with these settings at all: a shape faster only for large batches is
   * not for a pass whose batches stay small. Every shape is, unless it says otherwise.
   */
  default boolean suits(PassSettings settings) {
    return true;
  }

  /** Whether the shape takes {@code pass}, and why not. */
  Judgement judge(PassModel pass);
}
