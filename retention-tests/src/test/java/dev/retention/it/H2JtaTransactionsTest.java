package dev.retention.it;

import dev.retention.it.support.TestDatabase;

class H2JtaTransactionsTest extends JtaTransactionsTest {

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.H2;
  }
}
