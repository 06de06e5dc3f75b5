package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class PostgresFaultsTest extends FaultsTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.POSTGRESQL;
  }
}
