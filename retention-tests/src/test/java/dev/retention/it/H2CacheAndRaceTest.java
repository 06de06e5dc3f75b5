package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class H2CacheAndRaceTest extends CacheAndRaceTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.H2;
  }
}
