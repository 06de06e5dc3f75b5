package dev.retention.runtime.internal.database;

import dev.retention.runtime.internal.partition.PartitionCatalog;
import dev.retention.runtime.internal.shape.NativeShapes;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * PostgreSQL: the range statement for large batches, then the {@code ctid} statement, then {@code SKIP LOCKED}; an
 * advisory lock per pass; declarative partitions; scope columns judged by their type and collation; batches committed
 * without waiting for the WAL.
 */
final class PostgresProfile implements DatabaseProfile {

  /** PostgreSQL's own SQL state for a deadlock it broke; 40001 is a serialization failure. */
  private static final String DEADLOCK_DETECTED = "40P01";

  private final boolean skipsLockedRows;

  PostgresProfile(boolean skipsLockedRows) {
    this.skipsLockedRows = skipsLockedRows;
  }

  @Override
  public String name() {
    return "PostgreSQL";
  }

  @Override
  public boolean skipsLockedRows() {
    return skipsLockedRows;
  }

  @Override
  public List<NativeShapes> nativeShapes(NativeStatements statements) {
    NativeShapes ctid = statements.physicalAddress();
    NativeShapes skipLocked = statements.skipLocked(false);
    // Large batches only: at 500 rows the range statement was slower than the ctid statement here. Where no index
    // leads with the date, its probe and its delete would each scan the table, where the ctid statement scans it once.
    return List.of(statements.range(RowLockWait.POSTGRESQL, Optional.of(new PostgresIndexes()), List.of(ctid,
        skipLocked)), ctid, skipLocked);
  }

  @Override
  public Optional<SessionLock> sessionLock() {
    return Optional.of(SessionLock.ADVISORY);
  }

  @Override
  public Optional<PartitionCatalog> partitionCatalog() {
    return Optional.of(new PostgresPartitions());
  }

  /** Text under a deterministic collation, integers and UUIDs compare exactly: their scopes need no guard. */
  @Override
  public Optional<ScopeColumns> scopeColumns() {
    return Optional.of(new PostgresScopeColumns());
  }

  /**
   * Commit without waiting for the WAL to reach the disk. A crash may then lose the last batches' deletes; those rows
   * are expired, so the next sweep deletes them again. Nothing is lost that must be kept.
   */
  @Override
  public List<String> batchSession() {
    return List.of("set local synchronous_commit to off");
  }

  @Override
  public Set<String> deadlockStates() {
    return Set.of(SERIALIZATION_FAILURE, DEADLOCK_DETECTED);
  }
}
