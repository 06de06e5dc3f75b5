package dev.retention.runtime.sweep;

import dev.retention.runtime.RetentionPass;
import jakarta.persistence.EntityManagerFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Chooses, once at start, the statement shapes an {@code EntityManagerFactory} can use, fastest first. Each pass then
 * takes the first shape that supports it; the generated pass's portable JPQL comes last and supports every pass.
 */
public final class StatementShapes {

  private static final String HIBERNATE = "org.hibernate.engine.spi.SessionFactoryImplementor";

  private final List<StatementShape> shapes;

  private StatementShapes(List<StatementShape> shapes) {
    this.shapes = List.copyOf(shapes);
  }

  /** The shapes for the factory's provider and database, or the portable one alone when {@code portableOnly}. */
  public static StatementShapes choose(EntityManagerFactory emf, boolean portableOnly) {
    List<StatementShape> shapes = new ArrayList<>();
    if (!portableOnly && hibernatePresent()) {
      shapes.addAll(dev.retention.runtime.sweep.hibernate.HibernateShapes.forFactory(emf));
    }
    shapes.add(PortableShape.INSTANCE);
    return new StatementShapes(shapes);
  }

  /** The fastest shape that supports {@code pass}. */
  public StatementShape forPass(RetentionPass<?> pass) {
    return shapes.stream().filter(shape -> shape.supports(pass)).findFirst().orElse(PortableShape.INSTANCE);
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
