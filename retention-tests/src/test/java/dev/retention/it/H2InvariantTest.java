package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class H2InvariantTest extends InvariantTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.H2;
  }
}
