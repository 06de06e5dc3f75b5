package dev.retention.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime's public types, listed: the user's API in {@code dev.retention.runtime}, and apart from it what generated
 * code needs ({@code dev.retention.runtime.generated}), the health model ({@code health}) and what only integrations
 * need ({@code integration}). A new public type is a decision to support it; this test makes it one. Machinery
 * belongs under {@code internal}, which users and the generated code never name.
 */
class PublicApiTest {

  private static final String INTERNAL = "dev.retention.runtime.internal.";

  @Test
  void thePublicTypesOutsideInternalAreTheseAndNoOthers() throws Exception {
    assertEquals(List.of(
        "dev.retention.runtime.BatchReport",
        "dev.retention.runtime.BeforeDelete",
        "dev.retention.runtime.DeleteStrategy",
        "dev.retention.runtime.Expiry",
        "dev.retention.runtime.PassSettings",
        "dev.retention.runtime.RetentionConfigurationException",
        "dev.retention.runtime.RetentionOption",
        "dev.retention.runtime.RetentionOption$ExpiredPartitions",
        "dev.retention.runtime.RetentionOption$SynchronousCommit",
        "dev.retention.runtime.RetentionOption$Type",
        "dev.retention.runtime.RetentionOptions",
        "dev.retention.runtime.RetentionPass",
        "dev.retention.runtime.RetentionPolicy",
        "dev.retention.runtime.RetentionRuntime",
        "dev.retention.runtime.RetentionRuntime$Builder",
        "dev.retention.runtime.Scope",
        "dev.retention.runtime.ScopeWindows",
        "dev.retention.runtime.StatementShape",
        "dev.retention.runtime.SweepFailedException",
        "dev.retention.runtime.SweepInFlight",
        "dev.retention.runtime.SweepListener",
        "dev.retention.runtime.SweepReport",
        "dev.retention.runtime.SweepReport$Builder",
        "dev.retention.runtime.SweepReport$NoProgress",
        "dev.retention.runtime.SweepThrottle",
        "dev.retention.runtime.TenantRunner",
        "dev.retention.runtime.TransactionRunner",
        "dev.retention.runtime.generated.Cutoff",
        "dev.retention.runtime.generated.GeneratedPass",
        "dev.retention.runtime.generated.PassDescriptor",
        "dev.retention.runtime.generated.RetentionRegistry",
        "dev.retention.runtime.health.PassHistory",
        "dev.retention.runtime.health.RetentionHealth",
        "dev.retention.runtime.health.RetentionHealth$Status",
        "dev.retention.runtime.health.RetentionView",
        "dev.retention.runtime.health.SweepHistory",
        "dev.retention.runtime.integration.EnvironmentVariables",
        "dev.retention.runtime.integration.RuntimeLogRoute"), publicTypesOutsideInternal());
  }

  static List<String> publicTypesOutsideInternal() throws IOException, URISyntaxException {
    Path classes = Path.of(RetentionRuntime.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    try (Stream<Path> files = Files.walk(classes)) {
      return files.map(classes::relativize)
          .map(Path::toString)
          .filter(name -> name.endsWith(".class") && !name.equals("module-info.class"))
          .map(name -> name.substring(0, name.length() - ".class".length()).replace('/', '.'))
          .filter(name -> !name.startsWith(INTERNAL))
          .filter(PublicApiTest::isPublicAndReachable)
          .sorted()
          .collect(Collectors.toList());
    }
  }

  /** Public, and (for a nested type) inside public types all the way out. */
  private static boolean isPublicAndReachable(String className) {
    try {
      for (Class<?> type = Class.forName(className, false, PublicApiTest.class.getClassLoader()); type != null;
          type = type.getEnclosingClass()) {
        if (!Modifier.isPublic(type.getModifiers()) || type.isAnonymousClass() || type.isLocalClass()) {
          return false;
        }
      }
      return true;
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("A class file without its class: " + className, e);
    }
  }
}
