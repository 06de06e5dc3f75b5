package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class MariaDbInvariantTest extends InvariantTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.MARIADB;
  }
}
