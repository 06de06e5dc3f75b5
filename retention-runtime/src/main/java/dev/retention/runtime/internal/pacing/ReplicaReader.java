package dev.retention.runtime.internal.pacing;

/**
 * Reads how far a database's replicas are behind: what the database profile knows to ask (PostgreSQL: the primary's
 * own view of its standbys; MariaDB and MySQL: each replica the application named). One read is one query a replica at
 * most; {@link ReplicaWatch} decides how often.
 */
public interface ReplicaReader {

  /**
   * The replicas now.
   *
   * @throws RuntimeException when they cannot be read: the sweeps that wait on them hold, and say why
   */
  ReplicaReading read();

  /** Whether the replicas' lag is read in bytes (PostgreSQL), so that a limit in megabytes can be judged. */
  boolean readsBytes();

  /** What is read, for the start line: {@code "the primary's pg_stat_replication and physical slots"}. */
  String describe();
}
