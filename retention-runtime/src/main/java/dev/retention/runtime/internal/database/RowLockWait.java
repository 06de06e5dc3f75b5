package dev.retention.runtime.internal.database;

import jakarta.persistence.LockTimeoutException;
import jakarta.persistence.PessimisticLockException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * How a database bounds a statement's wait on row locks for one transaction, and how it reports a wait that timed out.
 */
public enum RowLockWait {

  /** PostgreSQL's {@code SET LOCAL lock_timeout}: gone with the transaction. A timeout is SQL state 55P03. */
  POSTGRESQL {
    @Override
    public Integer bound(Statement statement, Duration wait) throws SQLException {
      statement.execute("set local lock_timeout = '" + Math.max(1, wait.toMillis()) + "ms'");
      return null;
    }

    @Override
    public boolean timedOut(SQLException e) {
      return "55P03".equals(e.getSQLState());
    }
  },

  /**
   * InnoDB's {@code innodb_lock_wait_timeout}, a session variable in whole seconds (0: fail at once), set for the batch
   * and set back after it, so the connection returns to the pool as it came. A timeout is error 1205.
   */
  INNODB {
    @Override
    public Integer bound(Statement statement, Duration wait) throws SQLException {
      int before;
      try (ResultSet value = statement.executeQuery("select @@session.innodb_lock_wait_timeout")) {
        value.next();
        before = value.getInt(1);
      }
      statement.execute("set session innodb_lock_wait_timeout = " + wait.toSeconds());
      return before;
    }

    @Override
    public void restore(Statement statement, int before) throws SQLException {
      statement.execute("set session innodb_lock_wait_timeout = " + before);
    }

    @Override
    public boolean timedOut(SQLException e) {
      return e.getErrorCode() == 1205;
    }
  };

  /**
   * Bounds the transaction's waits on row locks to {@code wait}; returns the session's value to set back after the
   * batch ({@link #restore}), or null when the bound goes with the transaction.
   */
  public abstract Integer bound(Statement statement, Duration wait) throws SQLException;

  /** Sets the session's bound back to {@code before}, the value {@link #bound} returned. */
  public void restore(Statement statement, int before) throws SQLException {}

  /** Whether {@code e} is the database's report of a lock wait that timed out. */
  public abstract boolean timedOut(SQLException e);

  /**
   * Whether {@code e}, as a statement of the provider's threw it, is a lock wait that timed out: as JPA says
   * ({@code LockTimeoutException}, {@code PessimisticLockException}) or the database does ({@link #timedOut}), anywhere
   * in its causes, since a provider wraps the driver's exception in its own.
   */
  public boolean timedOutIn(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof LockTimeoutException || cause instanceof PessimisticLockException) {
        return true;
      }
      if (cause instanceof SQLException sql && timedOut(sql)) {
        return true;
      }
    }
    return false;
  }
}
