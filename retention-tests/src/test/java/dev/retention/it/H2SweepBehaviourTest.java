package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class H2SweepBehaviourTest extends SweepBehaviourTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.H2;
  }
}
