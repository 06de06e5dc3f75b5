package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.StatementShape;
import dev.retention.runtime.internal.pass.ScopeGroup;
import dev.retention.runtime.internal.shape.Batch;
import dev.retention.runtime.internal.shape.BatchOutcome;
import dev.retention.runtime.internal.shape.PortableShape;
import dev.retention.runtime.internal.shape.Shape;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A shape that plays the batches it is scripted with, one step a batch attempt, then deletes as the portable JPQL does.
 * It notes the cutoff and size of every attempt.
 */
final class ScriptedShape implements Shape {

  /** One batch attempt. */
  @FunctionalInterface
  interface Step {
    BatchOutcome run(EntityManager em, Batch batch);
  }

  private final Deque<Step> script = new ArrayDeque<>();
  /** The cutoff of every attempt, in order. */
  final List<Instant> cutoffs = new ArrayList<>();
  /** The size of every attempt, in order. */
  final List<Integer> sizes = new ArrayList<>();
  /** The scopes of each batch, attempts included. */
  final List<ScopeGroup> scopes = new ArrayList<>();

  ScriptedShape then(Step step) {
    script.add(step);
    return this;
  }

  ScriptedShape then(int times, Step step) {
    for (int i = 0; i < times; i++) {
      script.add(step);
    }
    return this;
  }

  /** Deletes as the portable JPQL does. */
  static final Step DELETES = PortableShape.INSTANCE::deleteBatch;

  /** Says it deleted {@code rows} rows, and deletes none. */
  static Step claims(int rows) {
    return (em, batch) -> BatchOutcome.deleted(rows);
  }

  /** Fails the batch as a statement would. */
  static Step fails(String why) {
    return (em, batch) -> {
      throw new IllegalStateException(why);
    };
  }

  /** Loses a deadlock, as H2 and MariaDB report one (SQLSTATE 40001). */
  static final Step DEADLOCKS = (em, batch) -> {
    throw new PersistenceException("deadlock", new SQLException("Deadlock detected", "40001"));
  };

  /** Deletes its rows, then steps aside: the transaction rolls back, and the batch runs again. */
  static final Step STEPS_ASIDE_AFTER_DELETING = (em, batch) -> {
    DELETES.run(em, batch);
    throw batch.rollBack(new BatchOutcome.SteppedAside("scripted: it met a lock"), null);
  };

  /** Shows the guard rows of {@code value} selected, then deletes as the portable JPQL does. */
  static Step selects(Object value) {
    return (em, batch) -> {
      batch.selected(List.of(value));
      return DELETES.run(em, batch);
    };
  }

  @Override
  public StatementShape kind() {
    return StatementShape.PORTABLE_JPQL;
  }

  @Override
  public BatchOutcome deleteBatch(EntityManager em, Batch batch) {
    cutoffs.add(batch.rows().cutoff().toInstant());
    scopes.add(batch.rows().scopes());
    sizes.add(batch.size());
    Step step = script.poll();
    return (step == null ? DELETES : step).run(em, batch);
  }
}
