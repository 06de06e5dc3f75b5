package dev.retention.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.retention.processor.Sources.assertMatchesGolden;
import static dev.retention.processor.Sources.compile;
import static dev.retention.processor.Sources.generated;
import static dev.retention.processor.Sources.resource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** What the processor writes for well-formed entities, compared with golden files. */
class GenerationTest {

  private static final String REGISTRY = "com.acme.RetentionRegistry_eecf783f";
  private static final String REGISTRY_OF_USER_SESSION = "com.acme.RetentionRegistry_a6551474";

  @Test
  void generatesAPassPerEntityARegistryAndItsServicesFile() {
    Compilation compilation = compile(resource("com/acme/UserSession.java"), resource("com/acme/AuditLogEntry.java"),
        resource("com/acme/Notification.java"), resource("com/acme/JobPayload.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertMatchesGolden(compilation, "com.acme.UserSessionRetentionPass", "UserSessionRetentionPass");
    assertMatchesGolden(compilation, "com.acme.AuditLogEntryRetentionPass", "AuditLogEntryRetentionPass");
    assertMatchesGolden(compilation, "com.acme.NotificationRetentionPass", "NotificationRetentionPass");
    assertMatchesGolden(compilation, "com.acme.JobPayloadRetentionPass", "JobPayloadRetentionPass");
    assertMatchesGolden(compilation, REGISTRY, "RetentionRegistry");
    assertEquals(REGISTRY + "\n", Sources.servicesFile(compilation));
  }

  @Test
  void aScopedPassNamesItsScopeAttributeAfterTheConditionOrNull() {
    List<JavaFileObject> sources = List.of(resource("com/acme/TenantNotification.java"),
        resource("com/acme/TenantOwned.java"), resource("com/acme/Reminder.java"), resource("com/acme/Contact.java"));
    Compilation compilation = compile(sources.toArray(new JavaFileObject[0]));

    assertThat(compilation).succeededWithoutWarnings();
    assertMatchesGolden(compilation, "com.acme.TenantNotificationRetentionPass", "TenantNotificationRetentionPass");
    assertMatchesGolden(compilation, "com.acme.ReminderRetentionPass", "ReminderRetentionPass");
    assertEquals(2, compilation.generatedSourceFiles().stream()
        .filter(file -> file.getName().endsWith("RetentionPass.java")).count(), "a pass for each entity with @Ttl");

    Compilation generatedAlone = com.google.testing.compile.Compiler.javac()
        .withOptions("-Xlint:all", "-Werror", "-proc:none")
        .compile(concat(sources, compilation.generatedSourceFiles()));
    assertThat(generatedAlone).succeededWithoutWarnings();
  }

  @Test
  void compilingTwiceGivesTheSameOutput() {
    Compilation first = compile(resource("com/acme/UserSession.java"), resource("com/acme/Notification.java"));
    Compilation second = compile(resource("com/acme/Notification.java"), resource("com/acme/UserSession.java"));

    assertEquals(generated(first, "com.acme.UserSessionRetentionPass"),
        generated(second, "com.acme.UserSessionRetentionPass"));
    assertEquals(Sources.servicesFile(first), Sources.servicesFile(second));
  }

  @Test
  void theRegistryNameCanBeChosenWithAProcessorOption() {
    Compilation compilation = compile(List.of("-Aretention.registry=com.acme.persistence.AcmeRetention"),
        resource("com/acme/UserSession.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertEquals("com.acme.persistence.AcmeRetention\n", Sources.servicesFile(compilation));
    assertMatchesGolden(compilation, "com.acme.persistence.AcmeRetention", "AcmeRetention");
  }

  @Test
  void whereGeneratedCannotBeUsedTheCodeGoesWithoutIt() {
    Compilation compilation = compile(List.of("--limit-modules", "java.sql"), resource("com/acme/UserSession.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertFalse(generated(compilation, "com.acme.UserSessionRetentionPass").contains("@Generated"));
    assertFalse(generated(compilation, REGISTRY_OF_USER_SESSION).contains("@Generated"));
  }

  @Test
  void theGeneratedCodeCompilesWithEveryLintWarningAsAnError() {
    Compilation compilation = compile(resource("com/acme/UserSession.java"), resource("com/acme/Notification.java"),
        resource("com/acme/JobPayload.java"), resource("com/acme/AuditLogEntry.java"));

    Compilation generatedAlone = com.google.testing.compile.Compiler.javac()
        .withOptions("-Xlint:all", "-Werror", "-proc:none")
        .compile(concat(List.of(resource("com/acme/UserSession.java"), resource("com/acme/Notification.java"),
            resource("com/acme/JobPayload.java"), resource("com/acme/AuditLogEntry.java")),
            compilation.generatedSourceFiles()));

    assertThat(generatedAlone).succeededWithoutWarnings();
  }

  private static List<javax.tools.JavaFileObject> concat(List<javax.tools.JavaFileObject> a,
      List<javax.tools.JavaFileObject> b) {
    List<javax.tools.JavaFileObject> all = new java.util.ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
