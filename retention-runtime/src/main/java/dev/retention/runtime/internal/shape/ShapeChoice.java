package dev.retention.runtime.internal.shape;

import dev.retention.runtime.BeforeDelete;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.internal.pass.PassModel;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Chooses, once at start, the shape each pass deletes with: a pass with a before-delete hook takes the hooked JPQL;
 * any other the first native shape that takes it, fastest first; and the portable JPQL, which takes every pass, last.
 */
public final class ShapeChoice {

  private static final System.Logger LOGGER = System.getLogger(ShapeChoice.class.getName());

  private final List<NativeShapes> nativeShapes;

  /** @param nativeShapes the native shapes the factory's provider and database allow, fastest first */
  public ShapeChoice(List<NativeShapes> nativeShapes) {
    this.nativeShapes = List.copyOf(nativeShapes);
  }

  /**
   * The shape a pass deletes with, and why faster shapes were passed over, where that is worth a line at start.
   *
   * @param shape the shape
   * @param declined what each faster shape said when it declined the pass for a reason the user should know
   */
  public record Choice(Shape shape, List<String> declined) {
    public Choice {
      declined = List.copyOf(declined);
    }

    /** The shape's name, then the reasons faster shapes gave, for the start line. */
    public String describe() {
      return declined.isEmpty() ? shape.name() : shape.name() + " (" + String.join("; ", declined) + ")";
    }
  }

  /** The shape of {@code pass}, whose before-delete hook, if any, is {@code hook}, with {@code settings}. */
  public Choice forPass(PassModel pass, Optional<BeforeDelete> hook, PassSettings settings) {
    if (hook.isPresent()) {
      return new Choice(new HookedShape(hook.get()), List.of());
    }
    List<String> declined = new ArrayList<>();
    for (NativeShapes shapes : nativeShapes) {
      if (!shapes.suits(settings)) {
        continue;
      }
      NativeShapes.Judgement judgement;
      try {
        judgement = shapes.judge(pass);
      } catch (LinkageError otherVersion) {
        // The native shapes read the provider's mapping model, built against one version; on a version where it
        // differs they step aside and the portable JPQL, which needs only JPA, runs instead.
        LOGGER.log(Level.INFO, () -> "Retention cannot use " + shapes.name() + " for " + pass.name()
            + " with this provider version (" + otherVersion + "); the portable JPQL runs instead");
        continue;
      }
      if (judgement.shape() != null) {
        return new Choice(judgement.shape(), declined);
      }
      if (judgement.note() != null) {
        declined.add("not " + shapes.name() + ": " + judgement.note());
      }
    }
    return new Choice(PortableShape.INSTANCE, declined);
  }
}
