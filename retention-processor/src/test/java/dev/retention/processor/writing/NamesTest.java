package dev.retention.processor.writing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.retention.runtime.Cutoff;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRegistry;
import dev.retention.runtime.pass.BulkStatementsPass;
import dev.retention.runtime.pass.EntityRemovalPass;
import org.junit.jupiter.api.Test;

/**
 * The processor names runtime types by string, since the runtime is not on its class path: each name must be the
 * runtime's, and the services file the one {@code ServiceLoader} reads for the registry interface.
 */
class NamesTest {

  @Test
  void everyRuntimeTypeTheGeneratedCodeNamesIsTheRuntimes() {
    assertEquals(RetentionPass.class.getCanonicalName(), Names.RETENTION_PASS.canonicalName());
    assertEquals(RetentionRegistry.class.getCanonicalName(), Names.RETENTION_REGISTRY.canonicalName());
    assertEquals(Cutoff.class.getCanonicalName(), Names.CUTOFF.canonicalName());
    assertEquals(BulkStatementsPass.class.getCanonicalName(), Names.BULK_STATEMENTS_PASS.canonicalName());
    assertEquals(EntityRemovalPass.class.getCanonicalName(), Names.ENTITY_REMOVAL_PASS.canonicalName());
  }

  @Test
  void theServicesFileIsTheOneServiceLoaderReadsForTheRegistry() {
    assertEquals("META-INF/services/" + RetentionRegistry.class.getName(), RegistryWriter.SERVICES_FILE);
  }
}
