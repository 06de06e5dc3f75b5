package dev.retention.runtime.internal.database;

import dev.retention.runtime.internal.shape.NativeShapes;
import java.util.List;
import java.util.Optional;

/**
 * The native shapes a provider can build, from which a {@link DatabaseProfile} composes those its database gets. The
 * provider's side (Hibernate's, in {@code shape.hibernate}) knows how a shape names tables and binds values; the
 * profile knows which shapes were measured faster on its database, and in which order they are tried.
 */
public interface NativeStatements {

  /** One statement a batch deleting the oldest expired rows by their physical address (PostgreSQL's {@code ctid}). */
  NativeShapes physicalAddress();

  /**
   * JPQL whose batches lock their rows as they select them, skipping rows held.
   *
   * @param deleteByPrimaryKey whether the locked rows are deleted through the primary key alone, where the optimizer
   *     might otherwise scan into rows others hold
   */
  NativeShapes skipLocked(boolean deleteByPrimaryKey);

  /** {@code shape}, for entities with a single id attribute of an integer type only. */
  NativeShapes integerKeysOnly(NativeShapes shape);

  /**
   * For text and composite keys only: the portable selection of the batch's keys, then one native delete listing them
   * as rows of their columns, with the predicate applied again.
   */
  NativeShapes keyDelete();

  /**
   * The range statement for large batches, bounding its waits on row locks by {@code lockWait}.
   *
   * @param indexes where a table's indexes are read, so that a table whose date no index leads is declined (its probe
   *     and its delete would each scan it); empty: not read, and every table is taken
   * @param others the shapes the pass would have otherwise, fastest first
   */
  NativeShapes range(RowLockWait lockWait, Optional<IndexCatalog> indexes, List<NativeShapes> others);

  /**
   * MariaDB's ordered delete with a limit, for a table with an index leading with the {@code @Ttl} column (as
   * {@code indexes} says), bounding its waits on row locks by {@code lockWait}.
   *
   * @param others the shapes the pass would have otherwise, fastest first: a sweep whose batch meets a held row goes
   *     on with the first that takes the pass
   */
  NativeShapes orderedDelete(RowLockWait lockWait, IndexCatalog indexes, List<NativeShapes> others);
}
