package dev.retention.runtime.internal.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.generated.Cutoff;
import dev.retention.runtime.generated.GeneratedPass;
import dev.retention.runtime.generated.PassDescriptor;
import dev.retention.runtime.generated.RetentionRegistry;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Discovery through {@code ServiceLoader}: what it finds and how it fails. The passes here are stand-ins that never
 * touch a database; discovery only reads their names.
 */
class RegistryDiscoveryTest {

  @TempDir
  Path classes;

  @Test
  void findsTheRegistriesListedInServicesFilesSortedByPassName() throws Exception {
    writeServicesFile(RegistryB.class.getName(), RegistryA.class.getName());

    List<GeneratedPass> passes = RegistryDiscovery.discover(loader());

    assertEquals(List.of(Audit.class.getCanonicalName(), Session.class.getCanonicalName(),
        Token.class.getCanonicalName()), passes.stream().map(RetentionPass::name).toList());
  }

  @Test
  void aRegistryThatCannotBeLoadedIsAnErrorNamingTheClassAndTheServicesFile() throws Exception {
    Path file = writeServicesFile("com.acme.GoneRetentionRegistry");

    RetentionConfigurationException failure =
        assertThrows(RetentionConfigurationException.class, () -> RegistryDiscovery.discover(loader()));

    String problem = failure.problems().get(0);
    assertTrue(problem.contains("com.acme.GoneRetentionRegistry"), problem);
    assertTrue(problem.contains(file.toUri().toURL().toString()), problem);
    assertTrue(problem.contains("Rebuild the module that generated it, or remove the stale services file"), problem);
  }

  @Test
  void twoRegistriesProvidingOnePassIsAnErrorNamingBoth() {
    RetentionConfigurationException failure = assertThrows(RetentionConfigurationException.class,
        () -> RegistryDiscovery.collect(List.of(new RegistryA(), new RegistryWithSession())));

    assertEquals(List.of("pass " + Session.class.getCanonicalName() + " is provided by two registries, "
        + RegistryA.class.getName() + " and " + RegistryWithSession.class.getName()
        + ": the entity is compiled into two modules; keep it in one"),
        failure.problems());
  }

  private Path writeServicesFile(String... registries) throws Exception {
    Path file = classes.resolve(RegistryDiscovery.SERVICES_FILE);
    Files.createDirectories(file.getParent());
    Files.writeString(file, "# generated\n" + String.join("\n", registries) + "\n");
    return file;
  }

  /** Sees the services file in the temporary folder, and these test classes through its parent. */
  private ClassLoader loader() throws Exception {
    return new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader()) {
      @Override
      public java.util.Enumeration<URL> getResources(String name) throws java.io.IOException {
        // Only the temporary folder's services files, not those of the test class path.
        return findResources(name);
      }
    };
  }

  /** A registry of two passes. */
  public static final class RegistryA implements RetentionRegistry {
    @Override
    public List<GeneratedPass> passes() {
      return List.of(new NamedPass(Session.class), new NamedPass(Audit.class));
    }
  }

  /** A registry of one pass. */
  public static final class RegistryB implements RetentionRegistry {
    @Override
    public List<GeneratedPass> passes() {
      return List.of(new NamedPass(Token.class));
    }
  }

  /** Another registry that also provides the session pass. */
  public static final class RegistryWithSession implements RetentionRegistry {
    @Override
    public List<GeneratedPass> passes() {
      return List.of(new NamedPass(Session.class));
    }
  }

  /** Stand-ins for entities: discovery only reads the names of their passes. */
  static final class Session {}

  static final class Audit {}

  static final class Token {}

  /** A pass that only names its entity. */
  private static final class NamedPass extends GeneratedPass {
    NamedPass(Class<?> entity) {
      super(PassDescriptor.entity(entity, entity.getSimpleName()).id("id").ttl("expiresAt", Duration.ZERO)
          .bulkStatements("discovery never sweeps"));
    }

    @Override
    public Object cutoffValue(Cutoff cutoff) {
      return cutoff.toInstant();
    }
  }
}
