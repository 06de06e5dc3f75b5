package dev.retention.runtime.internal.database;

import dev.retention.runtime.internal.lock.LockKeys;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * A database's lock of a session, which a pass is held by while it is swept: taken without waiting, released by the
 * server when the session ends. Each statement has one parameter, bound by {@link #bind}, and answers one row.
 */
public enum SessionLock {

  /** PostgreSQL's advisory lock, the key from {@link LockKeys#advisoryKey(String, String)}, of schema and pass. */
  ADVISORY("select pg_try_advisory_lock(?)", "select pg_advisory_unlock(?)", "a PostgreSQL advisory lock"),

  /** MariaDB's and MySQL's named lock, the name from {@link LockKeys#lockName}, of the connection's schema and pass. */
  NAMED("select get_lock(?, 0)", "select release_lock(?)", "a GET_LOCK named lock");

  private final String take;
  private final String release;
  private final String description;

  SessionLock(String take, String release, String description) {
    this.take = take;
    this.release = release;
    this.description = description;
  }

  /** The query that takes the lock without waiting: true or 1 when taken. */
  public String take() {
    return take;
  }

  /** The query that releases it: true or 1 when it was held. */
  public String release() {
    return release;
  }

  /** What the start line and messages call it. */
  public String description() {
    return description;
  }

  /** Binds the lock of {@code pass} to the statement's parameter. */
  public void bind(PreparedStatement statement, String pass) throws SQLException {
    if (this == ADVISORY) {
      statement.setLong(1, LockKeys.advisoryKey(statement.getConnection().getSchema(), pass));
    } else {
      statement.setString(1, LockKeys.lockName(statement.getConnection().getCatalog(), pass));
    }
  }
}
