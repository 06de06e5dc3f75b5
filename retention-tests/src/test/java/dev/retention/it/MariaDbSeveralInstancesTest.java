package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class MariaDbSeveralInstancesTest extends SeveralInstancesTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.MARIADB;
  }
}
