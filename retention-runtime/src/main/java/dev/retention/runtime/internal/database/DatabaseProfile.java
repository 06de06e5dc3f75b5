package dev.retention.runtime.internal.database;

import dev.retention.runtime.internal.mapping.TextComparison;
import dev.retention.runtime.internal.pacing.ReplicaReader;
import dev.retention.runtime.internal.partition.PartitionCatalog;
import dev.retention.runtime.internal.pass.ScopeComparison;
import dev.retention.runtime.internal.shape.NativeShapes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Everything the runtime knows of one database: which native statements it gets and in which order, the lock that
 * keeps a second instance off a pass, its partition catalog, how it groups text and compares a scope column, the error
 * codes it reports, and what a batch's transaction is told first. Chosen once at {@code build()}
 * ({@link DatabaseDetection}); every part of the runtime that differs by database asks the profile, never the
 * provider's dialect. A new database is a new profile (and its place in {@link DatabaseDetection}) plus its suites.
 *
 * <p>What a database does not say falls back on the portable behaviour: the generated JPQL, no lock between instances,
 * no partitions dropped whole, text read as it is, no scope compared exactly.
 */
public interface DatabaseProfile {

  /** The SQL standard's serialization failure, which MariaDB, MySQL, H2 and PostgreSQL report for a deadlock too. */
  String SERIALIZATION_FAILURE = "40001";

  /** The database's name, for messages. */
  String name();

  /**
   * Whether the database skips rows other transactions hold ({@code FOR UPDATE SKIP LOCKED}), as the provider found
   * the server; false where the provider does not say.
   */
  boolean skipsLockedRows();

  /**
   * The native shapes the database gets, fastest first, built by the provider's {@code statements}; none (the
   * portable JPQL) unless the database says otherwise.
   */
  default List<NativeShapes> nativeShapes(NativeStatements statements) {
    return List.of();
  }

  /** The session lock a pass is held by while it is swept; empty: none, every instance sweeps every pass. */
  default Optional<SessionLock> sessionLock() {
    return Optional.empty();
  }

  /** How the database's partitions are read and dropped; empty: expired rows go by batches only. */
  default Optional<PartitionCatalog> partitionCatalog() {
    return Optional.empty();
  }

  /**
   * How the database groups text, which decides how the stored spellings of a scope value are read where its catalog
   * does not say how it compares the scope column ({@link #scopeColumns()}).
   */
  default TextComparison textComparison() {
    return TextComparison.EXACT;
  }

  /**
   * The catalog that says whether the database compares a scope column exactly, read once a scoped pass at
   * {@code build()}; empty: none is read, and no scope is taken to compare exactly.
   */
  default Optional<ScopeColumns> scopeColumns() {
    return Optional.empty();
  }

  /**
   * How one statement answers which tenant schemas on the server hold expired rows; empty: the database does not say,
   * and each tenant's sweep looks for itself.
   */
  default Optional<TenantSchemas> tenantSchemas() {
    return Optional.empty();
  }

  /**
   * What the database's catalog says of a pass's table that its native statements rest on, read again at each sweep;
   * empty: nothing is read, and the shapes chosen at {@code build()} stay.
   */
  default Optional<CatalogFacts> catalogFacts() {
    return Optional.empty();
  }

  /**
   * How the database compares a scope column its catalog does not answer for (it has none, the provider names no
   * column, the read failed): not exactly, the spellings stored for a scope read as {@link #textComparison()} says.
   *
   * @param why why it is not known, as the start line says it
   */
  default ScopeComparison scopeComparisonNotRead(String why) {
    return ScopeComparison.merging(why, textComparison() == TextComparison.BY_COLLATION);
  }

  /** The statements a batch's transaction runs before its first, for that transaction alone; none by default. */
  default List<String> batchSession() {
    return List.of();
  }

  /**
   * What a batch's commit waits for under {@link #batchSession()}, and why, read from the server once for the start
   * line; empty where the session changes nothing of it.
   */
  default Optional<String> describeCommits(SqlRows primary) {
    return Optional.empty();
  }

  /**
   * How the database's replicas are read for the passes that limit their lag: the primary's own view where the
   * database has one, or else the replicas the application {@code named} (a data source each); empty where there is
   * nothing to read.
   *
   * @param primary runs a query on the application's database
   * @throws IllegalArgumentException when the database reads no named replicas and some were given, saying why
   */
  default Optional<ReplicaReader> replicaReader(SqlRows primary, Map<String, DataSource> named) {
    if (!named.isEmpty()) {
      throw new IllegalArgumentException("replicas given to the builder (" + String.join(", ", named.keySet())
          + ") are read on MariaDB and MySQL; Retention reads no replica of " + name());
    }
    return Optional.empty();
  }

  /** The SQL states in which the database reports a transaction it rolled back to break a deadlock. */
  default Set<String> deadlockStates() {
    return Set.of(SERIALIZATION_FAILURE);
  }

  /**
   * Why the provider cannot lock rows on this database, where it cannot: it would write its locking clause in another
   * database's words ({@link ServerNotDialect}). A pass whose batches lock rows then fails {@code build()} with it.
   * Empty where it can.
   */
  default Optional<String> rowLockRefusal() {
    return Optional.empty();
  }

  /**
   * What the start line says of the database, where it is worth a word: the provider's dialect names another database
   * than the server is ({@link ServerNotDialect}). Empty otherwise.
   */
  default Optional<String> note() {
    return Optional.empty();
  }
}
