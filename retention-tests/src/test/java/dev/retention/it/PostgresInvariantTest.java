package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class PostgresInvariantTest extends InvariantTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.POSTGRESQL;
  }
}
