package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class MariaDbFaultsTest extends FaultsTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.MARIADB;
  }
}
