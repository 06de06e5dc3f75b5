package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class MariaDbSweepBehaviourTest extends SweepBehaviourTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.MARIADB;
  }
}
