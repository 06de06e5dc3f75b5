package dev.retention.runtime.internal.database;

import dev.retention.runtime.internal.mapping.TextComparison;
import dev.retention.runtime.internal.pacing.ReplicaReader;
import dev.retention.runtime.internal.partition.PartitionCatalog;
import dev.retention.runtime.internal.shape.NativeShapes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * MariaDB and MySQL, where the server skips locked rows: on MariaDB the ordered delete with a limit for a table whose
 * date leads an index, on MySQL the range statement for large batches of integer keys; then {@code SKIP LOCKED}
 * deleting by primary key for integer keys, and the native delete by keys for text and composite keys; a {@code
 * GET_LOCK} named lock per pass; text grouped by collation; MariaDB's partitions and its look across tenant databases
 * (MySQL's are not read, nor looked at together).
 */
final class MariaDbProfile implements DatabaseProfile {

  private final String name;
  private final boolean skipsLockedRows;
  private final boolean partitions;
  /** Whether the ordered delete is measured here: MariaDB's, whose {@code SET STATEMENT} bounds its lock wait. */
  private final boolean orderedDelete;
  /** Whether a database per tenant is looked at together: on MariaDB, where it is tested. */
  private final boolean tenantDatabases;

  private MariaDbProfile(String name, boolean skipsLockedRows, boolean partitions, boolean orderedDelete,
      boolean tenantDatabases) {
    this.name = name;
    this.skipsLockedRows = skipsLockedRows;
    this.partitions = partitions;
    this.orderedDelete = orderedDelete;
    this.tenantDatabases = tenantDatabases;
  }

  /** MariaDB, whose {@code SKIP LOCKED} the server may lack (before 10.6). */
  static MariaDbProfile mariaDb(boolean skipsLockedRows) {
    return new MariaDbProfile("MariaDB", skipsLockedRows, true, true, true);
  }

  /** MySQL, whose {@code SKIP LOCKED} the server may lack (before 8.0); its partitions go by batches. */
  static MariaDbProfile mySql(boolean skipsLockedRows) {
    return new MariaDbProfile("MySQL", skipsLockedRows, false, false, false);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean skipsLockedRows() {
    return skipsLockedRows;
  }

  @Override
  public List<NativeShapes> nativeShapes(NativeStatements statements) {
    if (!skipsLockedRows) {
      return List.of();
    }
    // At their own REPEATABLE READ: READ COMMITTED halved the drain here. When statistics say the table is small,
    // MariaDB runs a delete by ids as a scan that waits on every row others hold, so the locked rows go by primary key
    // alone where they can. Integer keys only: on a string key the portable JPQL was the faster statement.
    NativeShapes skipLocked = statements.integerKeysOnly(statements.skipLocked(true));
    // Text and composite keys, which SKIP LOCKED declines: one native delete by the keys' columns, measured
    // faster there than the portable JPQL (PERFORMANCE.md run K; a UUID key was not measured and keeps the JPQL).
    NativeShapes keyDelete = statements.keyDelete();
    if (!orderedDelete) {
      return List.of(statements.range(RowLockWait.INNODB, Optional.empty(), List.of(skipLocked)), skipLocked,
          keyDelete);
    }
    // First, where an index leads with the date: one delete in the index's order, naming no key, faster than the
    // shapes after it on every key measured (PERFORMANCE.md runs K and M). It leaves no place for the range statement,
    // which it outran on integer keys; without the index both would scan the table and lock every row they read, where
    // SKIP LOCKED and the delete by keys wait on no row. A sweep that meets a held row goes on with the shape after it.
    return List.of(statements.orderedDelete(RowLockWait.INNODB, new MariaDbIndexes(), List.of(skipLocked, keyDelete)),
        skipLocked, keyDelete);
  }

  /** The replicas the application named, each asked for its own delay: the primary does not see them. */
  @Override
  public Optional<ReplicaReader> replicaReader(SqlRows primary, Map<String, DataSource> named) {
    return named.isEmpty() ? Optional.empty() : Optional.of(new MariaDbReplicas(named));
  }

  @Override
  public Optional<SessionLock> sessionLock() {
    return Optional.of(SessionLock.NAMED);
  }

  @Override
  public Optional<PartitionCatalog> partitionCatalog() {
    return partitions ? Optional.of(new MariaDbPartitions()) : Optional.empty();
  }

  /** MariaDB's databases of one server, each tenant's a schema, looked at in one statement for up to 200. */
  @Override
  public Optional<TenantSchemas> tenantSchemas() {
    return tenantDatabases ? Optional.of(new MariaDbTenantSchemas()) : Optional.empty();
  }

  /**
   * {@code DISTINCT} goes by the column's collation, which returns one spelling of several it takes as one; each is
   * read beside a hash of its bytes ({@code md5}), which keeps them apart.
   */
  @Override
  public TextComparison textComparison() {
    return TextComparison.BY_COLLATION;
  }
}
