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

  private StatementShapes(List<StatementShape> shapes) {
    this.shapes = List.copyOf(shapes);
  }

  /** The shapes for the factory's provider and database, or the portable one alone when {@code portableOnly}. */
  public static StatementShapes choose(EntityManagerFactory emf, boolean portableOnly) {
    List<StatementShape> shapes = new ArrayList<>();
    if (!portableOnly && hibernatePresent()) {
      try {
        shapes.addAll(dev.retention.runtime.internal.sweep.hibernate.HibernateShapes.forFactory(emf));
      } catch (LinkageError otherHibernate) {
        unusable("the statements shaped for this database", otherHibernate);
      }
    }
    shapes.add(PortableShape.INSTANCE);
    return new StatementShapes(shapes);
  }

  /** The fastest shape that supports {@code pass}. */
  public StatementShape forPass(RetentionPass<?> pass) {
    for (StatementShape shape : shapes) {
      try {
        if (shape.supports(pass)) {
          return shape;
        }
      } catch (LinkageError otherHibernate) {
        unusable(shape.name() + " for " + pass.name(), otherHibernate);
      }
    }
    return PortableShape.INSTANCE;
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
