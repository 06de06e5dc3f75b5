package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class PostgresShapesTest extends ShapesTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.POSTGRESQL;
  }
}
