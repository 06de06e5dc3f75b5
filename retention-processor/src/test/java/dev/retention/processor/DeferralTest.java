package dev.retention.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.retention.processor.Sources.source;

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
 * An entity whose {@code @Ttl} comes from a superclass another processor generates: in the first round the superclass
 * does not exist yet, so the entity is read again in the next round, by name, and gets its pass then.
 */
class DeferralTest {

  @Test
  void anEntityWhoseSuperclassIsGeneratedLaterGetsItsPassInALaterRound() {
    JavaFileObject entity = source("com.acme.Session", "package com.acme;",
        "import jakarta.persistence.*;",
        "@Entity",
        "@Table(indexes = @Index(columnList = \"expiresAt\"))",
        "public class Session extends com.acme.base.Expiring {",
        "  @Id Long id;",
        "}");

    Compilation compilation = Compiler.javac()
        .withProcessors(new RetentionProcessor(), new SuperclassGenerator())
        .compile(entity);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.SessionRetentionPass")
        .contentsAsUtf8String().contains("extends BulkStatementsPass<Session, Long, Instant>");
  }

  /** Writes a mapped superclass carrying {@code @Ttl} in its first round, as a code generator would. */
  static final class SuperclassGenerator extends AbstractProcessor {
    private boolean written;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (written) {
        return false;
      }
      written = true;
      try (Writer writer = processingEnv.getFiler().createSourceFile("com.acme.base.Expiring").openWriter()) {
        writer.write(String.join("\n",
            "package com.acme.base;",
            "@jakarta.persistence.MappedSuperclass",
            "public abstract class Expiring {",
            "  @dev.retention.Ttl(expireAfterSeconds = 0) java.time.Instant expiresAt;",
            "}"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return false;
    }
  }
}
