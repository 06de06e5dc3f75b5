package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class MariaDbCacheAndRaceTest extends CacheAndRaceTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.MARIADB;
  }
}
