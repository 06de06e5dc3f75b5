package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class H2ShapesTest extends ShapesTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.H2;
  }
}
