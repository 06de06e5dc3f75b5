package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class PostgresSweepBehaviourTest extends SweepBehaviourTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.POSTGRESQL;
  }
}
