package dev.retention.runtime.internal.database;

import dev.retention.runtime.internal.mapping.TextComparison;
import dev.retention.runtime.internal.partition.PartitionCatalog;
import dev.retention.runtime.internal.shape.NativeShapes;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The profile of a server the provider's dialect names as another database (Hibernate's {@code MySQLDialect} over a
 * MariaDB server, say): what the runtime writes itself in the server's own words stays the server's (its session lock,
 * how it groups text, its deadlock states, its session statements), while everything the provider writes in the
 * dialect's words steps aside, since the server may refuse it ({@code for update of … skip locked} on MariaDB): no native
 * shape, no row skipped, no partition dropped whole, no scope column read as exact; and a pass whose batches lock rows
 * (entity removal, a hook, a condition through an association) fails {@code build()}, since the provider writes every
 * row lock in the dialect's words ({@code for update of …}). The start line says why and what to set ({@link #note()}).
 */
final class ServerNotDialect implements DatabaseProfile {

  private final DatabaseProfile server;
  private final String note;
  private final String rowLockRefusal;

  /**
   * @param server the profile of the server's database, by what its driver reports
   * @param note what the start line says: what the dialect names, what the server is, and what to set
   * @param rowLockRefusal why a pass whose batches lock rows cannot run: the provider writes its locks in the
   *     dialect's words, which the server refuses
   */
  ServerNotDialect(DatabaseProfile server, String note, String rowLockRefusal) {
    this.server = server;
    this.note = note;
    this.rowLockRefusal = rowLockRefusal;
  }

  @Override
  public String name() {
    return server.name();
  }

  /** False: the provider would write the dialect's clause, which the server may refuse. */
  @Override
  public boolean skipsLockedRows() {
    return false;
  }

  @Override
  public List<NativeShapes> nativeShapes(NativeStatements statements) {
    return List.of();
  }

  @Override
  public Optional<SessionLock> sessionLock() {
    return server.sessionLock();
  }

  @Override
  public Optional<PartitionCatalog> partitionCatalog() {
    return Optional.empty();
  }

  @Override
  public TextComparison textComparison() {
    return server.textComparison();
  }

  @Override
  public List<String> batchSession() {
    return server.batchSession();
  }

  @Override
  public Set<String> deadlockStates() {
    return server.deadlockStates();
  }

  @Override
  public Optional<String> rowLockRefusal() {
    return Optional.of(rowLockRefusal);
  }

  @Override
  public Optional<String> note() {
    return Optional.of(note);
  }
}
