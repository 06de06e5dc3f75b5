package dev.retention.it;

import dev.retention.it.support.ExpectedWarnings;
import dev.retention.it.support.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class H2JtaTransactionsTest extends JtaTransactionsTest {

  /** A JTA factory without its transaction manager, on purpose: the runtime warns at start and fails each sweep. */
  @RegisterExtension
  final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
      .allow("cannot give each batch a transaction of its own")
      .allow("failed: ");

  @Override
  TestDatabase.Kind kind() {
    return TestDatabase.Kind.H2;
  }
}
