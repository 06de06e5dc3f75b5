package dev.retention.runtime.internal.database;

import dev.retention.runtime.internal.mapping.TextComparison;
import dev.retention.runtime.internal.partition.PartitionCatalog;
import dev.retention.runtime.internal.shape.NativeShapes;
import java.util.List;
import java.util.Optional;

/**
 * MariaDB and MySQL: where the server skips locked rows, the range statement for large batches, then
 * {@code SKIP LOCKED} deleting by primary key, both for integer keys only; a {@code GET_LOCK} named lock per pass;
 * text grouped by collation; MariaDB's partitions (MySQL's are not read).
 */
final class MariaDbProfile implements DatabaseProfile {

  private final String name;
  private final boolean skipsLockedRows;
  private final boolean partitions;

  private MariaDbProfile(String name, boolean skipsLockedRows, boolean partitions) {
    this.name = name;
    this.skipsLockedRows = skipsLockedRows;
    this.partitions = partitions;
  }

  /** MariaDB, whose {@code SKIP LOCKED} the server may lack (before 10.6). */
  static MariaDbProfile mariaDb(boolean skipsLockedRows) {
    return new MariaDbProfile("MariaDB", skipsLockedRows, true);
  }

  /** MySQL, whose {@code SKIP LOCKED} the server may lack (before 8.0); its partitions go by batches. */
  static MariaDbProfile mySql(boolean skipsLockedRows) {
    return new MariaDbProfile("MySQL", skipsLockedRows, false);
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
    // Text and composite keys, which the two before it decline: one native delete by the keys' columns, measured
    // faster there than the portable JPQL (PERFORMANCE.md run K; a UUID key was not measured and keeps the JPQL).
    return List.of(statements.range(RowLockWait.INNODB, List.of(skipLocked)), skipLocked, statements.keyDelete());
  }

  @Override
  public Optional<SessionLock> sessionLock() {
    return Optional.of(SessionLock.NAMED);
  }

  @Override
  public Optional<PartitionCatalog> partitionCatalog() {
    return partitions ? Optional.of(new MariaDbPartitions()) : Optional.empty();
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
