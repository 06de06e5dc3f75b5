package dev.retention.quarkus.deployment;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link TenantsContract} under {@code quarkus.hibernate-orm.multitenant=DATABASE}: a datasource per tenant. */
class DatabaseTenantsTest extends TenantsContract {

  @RegisterExtension
  static final QuarkusUnitTest APPLICATION = TenantsApplication.databasePerTenant(true, PROPERTIES);
}
