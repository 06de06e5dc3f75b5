package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class PostgresSeveralInstancesTest extends SeveralInstancesTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.POSTGRESQL;
  }
}
