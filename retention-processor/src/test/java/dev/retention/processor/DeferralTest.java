package dev.retention.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.retention.processor.Sources.generated;
import static dev.retention.processor.Sources.resource;
import static dev.retention.processor.Sources.source;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Entities whose classes another processor generates in a later round: an entity waits, by name, until its superclass
 * exists; the registry waits for it; what comes too late, or never, is an error on the entity.
 */
class DeferralTest {

  private static final JavaFileObject SESSION = source("com.acme.Session", "package com.acme;",
      "import jakarta.persistence.*;",
      "@Entity",
      "@Table(indexes = @Index(columnList = \"expiresAt\"))",
      "public class Session extends com.acme.base.Expiring {",
      "  @Id Long id;",
      "}");

  private static final String EXPIRING = String.join("\n",
      "package com.acme.base;",
      "@jakarta.persistence.MappedSuperclass",
      "public abstract class Expiring {",
      "  @dev.retention.Ttl(expireAfterSeconds = 0) java.time.Instant expiresAt;",
      "}");

  @Test
  void anEntityWhoseSuperclassIsGeneratedLaterGetsItsPassInALaterRound() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new RetentionProcessor(), new GeneratorInRound(1, "com.acme.base.Expiring", EXPIRING))
        .compile(SESSION);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.SessionRetentionPass")
        .contentsAsUtf8String().contains(".ttl(\"expiresAt\", Duration.ZERO)");
  }

  @Test
  void theRegistryWaitsForAnEntityWhoseSuperclassIsGeneratedTwoRoundsLater() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new RetentionProcessor(), new GeneratorInRound(2, "com.acme.base.Expiring", EXPIRING))
        .withOptions("-Aretention.registry=com.acme.AcmeRetention")
        .compile(SESSION, resource("com/acme/UserSession.java"));

    assertThat(compilation).succeededWithoutWarnings();
    String registry = generated(compilation, "com.acme.AcmeRetention");
    assertEquals(1, count(registry, "new SessionRetentionPass()"), registry);
    assertEquals(1, count(registry, "new UserSessionRetentionPass()"), registry);
  }

  @Test
  void anEntityThatAppearsAfterTheRegistryWasWrittenIsAnError() {
    String late = String.join("\n",
        "package com.acme;",
        "@jakarta.persistence.Entity",
        "@jakarta.persistence.Table(indexes = @jakarta.persistence.Index(columnList = \"expiresAt\"))",
        "public class Late {",
        "  @jakarta.persistence.Id Long id;",
        "  @dev.retention.Ttl(expireAfterSeconds = 0) java.time.Instant expiresAt;",
        "}");

    Compilation compilation = Compiler.javac()
        .withProcessors(new RetentionProcessor(), new GeneratorInRound(3, "com.acme.Late", late))
        .withOptions("-Aretention.registry=com.acme.AcmeRetention")
        .compile(resource("com/acme/UserSession.java"));

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("[retention:late] com.acme.Late is an entity with a @Ttl attribute"
        + " that appeared in annotation processing round 4, after the registry com.acme.AcmeRetention was written in"
        + " round 2 without it, so the runtime would never sweep it.");
  }

  @Test
  void anEntityWhoseSuperclassNeverAppearsIsAnErrorOnTheEntity() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new RetentionProcessor())
        .compile(SESSION);

    assertThat(compilation).hadErrorContaining("[retention:unresolved] com.acme.Session cannot be read:"
            + " com.acme.base.Expiring, which it extends, was still missing when annotation processing ended, so"
            + " whether it has a @Ttl attribute is unknown. Put com.acme.base.Expiring on the class path, or have the"
            + " processor that generates it run in this compilation")
        .inFile(SESSION).onLineContaining("public class Session");
  }

  private static int count(String text, String part) {
    return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
  }

  /** Writes one source file in a given round (counted from 1), as a code generator would. */
  static final class GeneratorInRound extends AbstractProcessor {
    private final int writeInRound;
    private final String className;
    private final String source;
    private int round;

    GeneratorInRound(int writeInRound, String className, String source) {
      this.writeInRound = writeInRound;
      this.className = className;
      this.source = source;
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment environment) {
      round++;
      if (round < writeInRound) {
        write(className + "Trigger" + round, "package " + className.substring(0, className.lastIndexOf('.')) + ";"
            + " class " + className.substring(className.lastIndexOf('.') + 1) + "Trigger" + round + " {}");
      } else if (round == writeInRound) {
        write(className, source);
      }
      return false;
    }

    /** Earlier rounds write a placeholder class each, so that javac runs the next round. */
    private void write(String name, String text) {
      try (Writer writer = processingEnv.getFiler().createSourceFile(name).openWriter()) {
        writer.write(text);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
