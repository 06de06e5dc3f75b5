package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class H2SeveralInstancesTest extends SeveralInstancesTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.H2;
  }
}
