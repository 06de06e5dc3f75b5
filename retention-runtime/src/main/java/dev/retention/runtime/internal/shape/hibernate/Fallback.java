package dev.retention.runtime.internal.shape.hibernate;

import dev.retention.runtime.internal.pass.PassModel;
import dev.retention.runtime.internal.shape.NativeShapes;
import dev.retention.runtime.internal.shape.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The shape a native shape gives way to for some of its batches (after a lock wait, for small batches, for ties): the
 * first of the shapes after it that takes the pass, and why those before that one declined, for the start line.
 *
 * @param shape the first that takes the pass; empty when none does
 * @param declined what each shape before it said when it declined, for the start line
 */
record Fallback(Optional<Shape> shape, List<String> declined) {

  Fallback {
    declined = List.copyOf(declined);
  }

  /** The first of {@code others}, fastest first, that takes {@code pass}. */
  static Fallback among(List<NativeShapes> others, PassModel pass) {
    List<String> declined = new ArrayList<>();
    for (NativeShapes other : others) {
      NativeShapes.Judgement judgement = other.judge(pass);
      if (judgement.shape() != null) {
        return new Fallback(Optional.of(judgement.shape()), declined);
      }
      if (judgement.note() != null) {
        declined.add("not " + other.name() + ": " + judgement.note());
      }
    }
    return new Fallback(Optional.empty(), declined);
  }

  /** The reasons, each after "; ", for the end of a shape's name on the start line; empty when there are none. */
  String declinedAfterSemicolon() {
    return declined.isEmpty() ? "" : "; " + String.join("; ", declined);
  }
}
