package dev.retention.it.shapes;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * One entity shape of the behaviour suite: how to make its rows, and what a sweep must leave.
 *
 * @param pass the pass expected to sweep it: the entity's canonical name
 * @param queryEntity the JPQL entity to read labels from (the hierarchy's root for inheritance)
 * @param managed every entity class the shape needs managed
 * @param window the {@code @Ttl} window
 * @param dateOnly whether the attribute holds a day, not an instant
 * @param rows makes a row whose attribute stands for an instant (null for a null attribute)
 * @param extraRows rows of the same table that have no expiry at all and must stay
 * @param check what else must hold after the sweep, besides the rows left
 */
public record Shape(
    String pass,
    String queryEntity,
    List<Class<?>> managed,
    Duration window,
    boolean dateOnly,
    RowFactory rows,
    List<Object> extraRows,
    Check check) {

  /** Makes a row: {@code at} is the attribute's value as an instant, null for a null attribute. */
  public interface RowFactory {
    Object row(long id, String label, Instant at, ZoneId zone);
  }

  /** What else a shape must show after its sweep: callbacks that ran, children that went. */
  public interface Check {
    Check NONE = emf -> {};

    /** Called before the sweep, to forget what an earlier sweep recorded. */
    default void reset() {}

    void verify(jakarta.persistence.EntityManagerFactory emf);
  }

  /** This shape with another check. */
  public Shape checking(Check other) {
    return new Shape(pass, queryEntity, managed, window, dateOnly, rows, extraRows, other);
  }

  @Override
  public String toString() {
    return pass.substring(pass.lastIndexOf("shapes.") + "shapes.".length());
  }
}
