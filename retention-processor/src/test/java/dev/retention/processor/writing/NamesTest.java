package dev.retention.processor.writing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.retention.processor.RetentionProcessor;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.generated.GeneratedPass;
import dev.retention.runtime.generated.PassDescriptor;
import dev.retention.runtime.generated.RetentionRegistry;
import org.junit.jupiter.api.Test;

/**
 * The processor names runtime types by string, since the runtime is not on its class path: each name must be the
 * runtime's, and the services file the one {@code ServiceLoader} reads for the registry interface.
 */
class NamesTest {

  @Test
  void everyRuntimeTypeTheGeneratedCodeNamesIsTheRuntimes() {
    assertEquals(GeneratedPass.class.getCanonicalName(), Names.GENERATED_PASS.canonicalName());
    assertEquals(PassDescriptor.class.getCanonicalName(), Names.PASS_DESCRIPTOR.canonicalName());
    assertEquals(RetentionRegistry.class.getCanonicalName(), Names.RETENTION_REGISTRY.canonicalName());
    assertEquals(Cutoff.class.getCanonicalName(), Names.CUTOFF.canonicalName());
  }

  @Test
  void generatedCodeNamesTheProcessorByItsClass() {
    assertEquals(RetentionProcessor.class.getCanonicalName(), Names.PROCESSOR);
  }

  @Test
  void theServicesFileIsTheOneServiceLoaderReadsForTheRegistry() {
    assertEquals("META-INF/services/" + RetentionRegistry.class.getName(), RegistryWriter.SERVICES_FILE);
  }
}
