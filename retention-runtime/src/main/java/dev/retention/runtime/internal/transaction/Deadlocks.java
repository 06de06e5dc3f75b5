package dev.retention.runtime.internal.transaction;

import java.sql.SQLException;
import java.util.Set;

/** Recognises a transaction the database rolled back to break a deadlock, which is worth running again. */
public final class Deadlocks {

  /** SQLSTATE of a serialization failure (MySQL, MariaDB, H2 report deadlocks so) and of PostgreSQL's deadlock. */
  private static final Set<String> SQL_STATES = Set.of("40001", "40P01");

  private Deadlocks() {}

  public static boolean isDeadlock(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql && sql.getSQLState() != null && SQL_STATES.contains(sql.getSQLState())) {
        return true;
      }
    }
    return false;
  }
}
