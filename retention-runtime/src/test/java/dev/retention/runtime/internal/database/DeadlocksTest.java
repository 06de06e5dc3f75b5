package dev.retention.runtime.internal.database;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class DeadlocksTest {

  @Test
  void aDeadlockIsRecognisedByTheSqlStateAnywhereInTheCauses() {
    assertTrue(Deadlocks.isDeadlock(new PersistenceException("batch failed",
        new SQLException("Deadlock found when trying to get lock", "40001", 1213))));
    assertTrue(Deadlocks.isDeadlock(new PersistenceException(new SQLException("deadlock detected", "40P01"))));
  }

  @Test
  void otherFailuresAreNot() {
    assertFalse(Deadlocks.isDeadlock(new PersistenceException(new SQLException("lock timeout", "55P03"))));
    assertFalse(Deadlocks.isDeadlock(new PersistenceException(new SQLException("no state"))));
    assertFalse(Deadlocks.isDeadlock(new IllegalStateException("disk full")));
  }
}
