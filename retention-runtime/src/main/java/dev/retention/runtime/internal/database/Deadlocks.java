package dev.retention.runtime.internal.database;

import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Recognises a transaction the database rolled back to break a deadlock, which is worth running again: by the SQL
 * states the runtime's own {@link DatabaseProfile} reports a deadlock in, so that what differs by database is decided
 * by its profile alone. A database the runtime does not know ({@link OtherDatabase}) is judged by the states of every
 * known one, none of which reports another's deadlock state for anything else.
 */
public final class Deadlocks {

  /** Every SQL state a known database reports a deadlock in. */
  static final Set<String> KNOWN_STATES = union(List.of(new PostgresProfile(true), MariaDbProfile.mariaDb(true),
      new H2Profile(true)));

  private final Set<String> states;

  private Deadlocks(Set<String> states) {
    this.states = Set.copyOf(states);
  }

  /** The deadlocks of {@code database}. */
  public static Deadlocks of(DatabaseProfile database) {
    return new Deadlocks(database.deadlockStates());
  }

  /** Whether {@code failure} or one of its causes is an {@link SQLException} in one of the database's states. */
  public boolean isDeadlock(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql && sql.getSQLState() != null && states.contains(sql.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "deadlocks in SQL states " + states.stream().sorted().toList();
  }

  private static Set<String> union(List<DatabaseProfile> profiles) {
    Set<String> states = new HashSet<>();
    profiles.forEach(profile -> states.addAll(profile.deadlockStates()));
    return Set.copyOf(states);
  }
}
