package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class PostgresJtaTransactionsTest extends JtaTransactionsTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.POSTGRESQL;
  }
}
