package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class PostgresCacheAndRaceTest extends CacheAndRaceTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.POSTGRESQL;
  }
}
