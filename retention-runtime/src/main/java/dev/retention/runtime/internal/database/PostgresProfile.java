package dev.retention.runtime.internal.database;

import dev.retention.runtime.internal.pacing.ReplicaReader;
import dev.retention.runtime.internal.partition.PartitionCatalog;
import dev.retention.runtime.internal.shape.NativeShapes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

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
  public Optional<TenantSchemas> tenantSchemas() {
    return Optional.of(new PostgresTenantSchemas());
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

  /** The table's kind and children, the scope column's type and collation, the table's indexes. */
  @Override
  public Optional<CatalogFacts> catalogFacts() {
    return Optional.of(new PostgresCatalogFacts());
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
   * Commit without waiting for the WAL to reach the disk, where the server names no synchronous standby. A crash may
   * then lose the last batches' deletes; those rows are expired, so the next sweep deletes them again. Nothing is lost
   * that must be kept. Where the server names synchronous standbys ({@code synchronous_standby_names}), a batch keeps
   * the server's {@code synchronous_commit}: its commit waits for them as the application's do, rather than running
   * ahead of them while the application's commits wait behind its WAL. Judged by the server at each batch, so a
   * reloaded configuration counts at once.
   */
  @Override
  public List<String> batchSession() {
    return List.of(OFF_WITHOUT_SYNCHRONOUS_STANDBYS);
  }

  /** {@code synchronous_commit} off for the transaction, unless the server names synchronous standbys. */
  static final String OFF_WITHOUT_SYNCHRONOUS_STANDBYS = "select set_config('synchronous_commit', 'off', true)"
      + " where current_setting('synchronous_standby_names') = ''";

  @Override
  public Optional<String> describeCommits(SqlRows primary) {
    List<Object[]> rows = primary.rows(
        "select current_setting('synchronous_standby_names'), current_setting('synchronous_commit')");
    String standbys = String.valueOf(rows.get(0)[0]);
    String setting = String.valueOf(rows.get(0)[1]);
    return Optional.of(standbys.isEmpty()
        ? "synchronous_commit off (no synchronous standby named; a crash may lose the last batches, which run again)"
        : "the server's synchronous_commit, " + setting + " (synchronous_standby_names = '" + standbys + "')");
  }

  /** The primary's own view of its standbys; replicas named by the application are not read here. */
  @Override
  public Optional<ReplicaReader> replicaReader(SqlRows primary, Map<String, DataSource> named) {
    if (!named.isEmpty()) {
      throw new IllegalArgumentException("replicas given to the builder (" + String.join(", ", named.keySet())
          + ") are read on MariaDB and MySQL; on PostgreSQL the primary's pg_stat_replication shows every standby");
    }
    PostgresStandbys standbys = new PostgresStandbys(primary);
    Optional<String> problem = standbys.privilegeProblem();
    if (problem.isPresent()) {
      throw new IllegalArgumentException(problem.get());
    }
    return Optional.of(standbys);
  }

  @Override
  public Set<String> deadlockStates() {
    return Set.of(SERIALIZATION_FAILURE, DEADLOCK_DETECTED);
  }
}
