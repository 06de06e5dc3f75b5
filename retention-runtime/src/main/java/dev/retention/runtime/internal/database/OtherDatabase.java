package dev.retention.runtime.internal.database;

import java.util.Set;

/**
 * A database the runtime has no profile of: the portable JPQL, no lock between instances, no partitions dropped whole,
 * text read as it is. A deadlock is recognised in any SQL state a known database reports one in.
 */
final class OtherDatabase implements DatabaseProfile {

  private final String name;
  private final boolean skipsLockedRows;

  /** @param name what the provider calls the database (its dialect or platform), for messages */
  OtherDatabase(String name, boolean skipsLockedRows) {
    this.name = name;
    this.skipsLockedRows = skipsLockedRows;
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
  public Set<String> deadlockStates() {
    return Deadlocks.KNOWN_STATES;
  }
}
