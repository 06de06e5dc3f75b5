package dev.retention.runtime.internal.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.runtime.Cutoff;
import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRegistry;
import jakarta.persistence.EntityManager;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
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

    List<RetentionPass<?>> passes = RegistryDiscovery.discover(loader());

    assertEquals(List.of("com.acme.Audit", "com.acme.Session", "com.acme.Token"),
        passes.stream().map(RetentionPass::name).toList());
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

    assertEquals(List.of("pass com.acme.Session is provided by two registries, " + RegistryA.class.getName()
        + " and " + RegistryWithSession.class.getName() + ": the entity is compiled into two modules; keep it in one"),
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
    public List<RetentionPass<?>> passes() {
      return List.of(new NamedPass("com.acme.Session"), new NamedPass("com.acme.Audit"));
    }
  }

  /** A registry of one pass. */
  public static final class RegistryB implements RetentionRegistry {
    @Override
    public List<RetentionPass<?>> passes() {
      return List.of(new NamedPass("com.acme.Token"));
    }
  }

  /** Another registry that also provides the session pass. */
  public static final class RegistryWithSession implements RetentionRegistry {
    @Override
    public List<RetentionPass<?>> passes() {
      return List.of(new NamedPass("com.acme.Session"));
    }
  }

  /** A pass with a name only. */
  private record NamedPass(String name) implements RetentionPass<Object> {
    @Override
    public Class<Object> entityType() {
      return Object.class;
    }

    @Override
    public Duration expireAfter() {
      return Duration.ZERO;
    }

    @Override
    public DeleteStrategy deleteStrategy() {
      return DeleteStrategy.BULK_STATEMENTS;
    }

    @Override
    public String ttlAttribute() {
      return "expiresAt";
    }

    @Override
    public Object cutoffValue(Cutoff cutoff) {
      return cutoff.toInstant();
    }

    @Override
    public int purgeBatch(EntityManager em, Cutoff cutoff, int batchSize) {
      throw new UnsupportedOperationException("discovery never sweeps");
    }

    @Override
    public long countExpired(EntityManager em, Cutoff cutoff) {
      throw new UnsupportedOperationException("discovery never counts");
    }

    @Override
    public Optional<Instant> oldestExpired(EntityManager em, Cutoff cutoff) {
      throw new UnsupportedOperationException("discovery never measures");
    }
  }
}
