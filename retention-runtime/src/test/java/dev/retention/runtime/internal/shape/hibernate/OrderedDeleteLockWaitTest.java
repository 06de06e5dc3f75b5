package dev.retention.runtime.internal.shape.hibernate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The ordered delete's wait on a held row stays within its statement's own bound: a second where {@code batch-timeout}
 * leaves room for it, none where it does not (a wait of a second under a timeout of one would fail the batch instead
 * of sending the sweep to the shape that skips the row: HeldRowTest on MariaDB, with a timeout of one second).
 */
class OrderedDeleteLockWaitTest {

  @Test
  void aSecondWhereTheBatchTimeoutLeavesRoomForItNoneWhereItDoesNot() {
    assertEquals(Duration.ofSeconds(1), OrderedDelete.lockWaitWithin(Optional.of(Duration.ofSeconds(30))));
    assertEquals(Duration.ofSeconds(1), OrderedDelete.lockWaitWithin(Optional.of(Duration.ofSeconds(2))));
    assertEquals(Duration.ZERO, OrderedDelete.lockWaitWithin(Optional.of(Duration.ofMillis(1_999))));
    assertEquals(Duration.ZERO, OrderedDelete.lockWaitWithin(Optional.of(Duration.ofSeconds(1))));
    assertEquals(Duration.ofSeconds(1), OrderedDelete.lockWaitWithin(Optional.empty()), "no bound known");
  }
}
