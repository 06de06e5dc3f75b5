package dev.retention.runtime.internal.database;

import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Recognises a transaction the database rolled back to break a deadlock, which is worth running again. A batch's
 * failure is judged by the SQL states every known profile reports a deadlock in: no database reports another's
 * deadlock state for anything else.
 */
public final class Deadlocks {

  /** Every SQL state a known database reports a deadlock in. */
  static final Set<String> KNOWN_STATES = union(List.of(new PostgresProfile(true), MariaDbProfile.mariaDb(true),
      new H2Profile(true)));

  private Deadlocks() {}

  public static boolean isDeadlock(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql && sql.getSQLState() != null && KNOWN_STATES.contains(sql.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  private static Set<String> union(List<DatabaseProfile> profiles) {
    Set<String> states = new HashSet<>();
    profiles.forEach(profile -> states.addAll(profile.deadlockStates()));
    return Set.copyOf(states);
  }
}
