package dev.retention.quarkus.deployment;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link TenantsContract} under {@code quarkus.hibernate-orm.multitenant=SCHEMA}: a schema per tenant. */
class SchemaTenantsTest extends TenantsContract {

  @RegisterExtension
  static final QuarkusUnitTest APPLICATION = TenantsApplication.schemaPerTenant(true, PROPERTIES);
}
