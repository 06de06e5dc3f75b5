package dev.retention.runtime.sweep;

import jakarta.persistence.EntityManagerFactory;

/** Chooses the statement shape for an {@code EntityManagerFactory}. */
public final class StatementShapes {

  private StatementShapes() {}

  /** The fastest shape known for the factory's provider and database, or the portable one. */
  public static StatementShape choose(EntityManagerFactory emf) {
    return PortableShape.INSTANCE;
  }
}
