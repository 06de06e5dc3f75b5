package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class MariaDbShapesTest extends ShapesTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.MARIADB;
  }
}
