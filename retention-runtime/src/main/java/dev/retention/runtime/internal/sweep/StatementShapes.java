package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.RetentionPass;
import java.lang.System.Logger.Level;
import jakarta.persistence.EntityManagerFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Chooses, once at start, the statement shapes an {@code EntityManagerFactory} can use, fastest first. Each pass then
 * takes the first shape that supports it; the generated pass's portable JPQL comes last and supports every pass.
 */
public final class StatementShapes {

  private static final System.Logger LOGGER = System.getLogger(StatementShapes.class.getName());

  private static final String HIBERNATE = "org.hibernate.engine.spi.SessionFactoryImplementor";

  private final List<StatementShape> shapes;
  private final BatchBound batchBound;

  private StatementShapes(List<StatementShape> shapes, BatchBound batchBound) {
    this.shapes = List.copyOf(shapes);
    this.batchBound = batchBound;
  }

  /** The shapes for the factory's provider and database, or the portable one alone when {@code portableOnly}. */
  public static StatementShapes choose(EntityManagerFactory emf, boolean portableOnly) {
    List<StatementShape> shapes = new ArrayList<>();
    BatchBound bound = null;
    if (hibernatePresent()) {
      try {
        if (!portableOnly) {
          shapes.addAll(dev.retention.runtime.internal.sweep.hibernate.HibernateShapes.forFactory(emf));
        }
        bound = dev.retention.runtime.internal.sweep.hibernate.HibernateShapes.batchBound(emf).orElse(null);
      } catch (LinkageError otherHibernate) {
        unusable("the statements shaped for this database", otherHibernate);
      }
    }
    shapes.add(PortableShape.INSTANCE);
    return new StatementShapes(shapes, bound != null ? bound : BatchBound.portable(emf));
  }

  /** The most rows a batch may take on this factory's database. */
  public BatchBound batchBound() {
    return batchBound;
  }

  /**
   * The shape a pass deletes with, and why faster shapes were passed over, where that is worth a line at start.
   *
   * @param shape the fastest shape that supports the pass
   * @param declined what each faster shape said when it declined the pass for a reason the user should know
   */
  public record Choice(StatementShape shape, List<String> declined) {
    public Choice {
      declined = List.copyOf(declined);
    }

    /** The shape's name, then the reasons faster shapes gave, for the start line. */
    public String describe() {
      return declined.isEmpty() ? shape.name() : shape.name() + " (" + String.join("; ", declined) + ")";
    }
  }

  /** The fastest shape that supports {@code pass}. */
  public Choice forPass(RetentionPass<?> pass) {
    List<String> declined = new ArrayList<>();
    boolean scoped = pass.scopeAttribute().isPresent();
    for (StatementShape shape : shapes) {
      if (scoped && !shape.supportsScopes()) {
        if (shape != PortableShape.INSTANCE) {
          declined.add("not " + shape.name() + ": it sweeps all scopes at once, and this pass goes scope by scope");
        }
        continue;
      }
      try {
        if (shape.supports(pass)) {
          return new Choice(shape, declined);
        }
        shape.declineNote(pass).ifPresent(note -> declined.add("not " + shape.name() + ": " + note));
      } catch (LinkageError otherHibernate) {
        unusable(shape.name() + " for " + pass.name(), otherHibernate);
      }
    }
    return new Choice(PortableShape.INSTANCE, declined);
  }

  /**
   * The shapes use Hibernate's mapping model, built against one Hibernate version; on a version where it differs they
   * step aside and the generated JPQL, which needs only JPA, runs instead.
   */
  private static void unusable(String what, LinkageError error) {
    LOGGER.log(Level.INFO, () -> "Retention cannot use " + what + " with this Hibernate version ("
        + error + "); the portable JPQL runs instead");
  }

  /** Whether Hibernate is on the class path; the runtime never needs it, and loads its shapes only when it is. */
  private static boolean hibernatePresent() {
    try {
      Class.forName(HIBERNATE, false, StatementShapes.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError absent) {
      return false;
    }
  }
}
