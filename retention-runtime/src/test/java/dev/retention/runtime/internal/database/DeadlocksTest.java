package dev.retention.runtime.internal.database;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class DeadlocksTest {

  private static final SQLException POSTGRES_DEADLOCK = new SQLException("deadlock detected", "40P01");

  @Test
  void aDeadlockIsRecognisedByTheSqlStateAnywhereInTheCauses() {
    Deadlocks mariaDb = Deadlocks.of(MariaDbProfile.mariaDb(true));

    assertTrue(mariaDb.isDeadlock(new PersistenceException("batch failed",
        new SQLException("Deadlock found when trying to get lock", "40001", 1213))));
    assertTrue(Deadlocks.of(new PostgresProfile(true)).isDeadlock(new PersistenceException(POSTGRES_DEADLOCK)));
  }

  @Test
  void eachDatabaseIsJudgedByItsOwnStatesAndAnUnknownOneByEveryKnownState() {
    assertFalse(Deadlocks.of(new H2Profile(true)).isDeadlock(new PersistenceException(POSTGRES_DEADLOCK)),
        "40P01 is PostgreSQL's state; H2 says nothing of it");
    assertTrue(Deadlocks.of(new OtherDatabase("CockroachDB", false)).isDeadlock(new PersistenceException(POSTGRES_DEADLOCK)),
        "a PostgreSQL-compatible database the runtime does not know");
  }

  @Test
  void otherFailuresAreNot() {
    Deadlocks postgres = Deadlocks.of(new PostgresProfile(true));

    assertFalse(postgres.isDeadlock(new PersistenceException(new SQLException("lock timeout", "55P03"))));
    assertFalse(postgres.isDeadlock(new PersistenceException(new SQLException("no state"))));
    assertFalse(postgres.isDeadlock(new IllegalStateException("disk full")));
  }
}
