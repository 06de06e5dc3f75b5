package dev.retention.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.retention.processor.writing.RegistryWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

/** Test sources, compilations through the processor, and golden files of what it generates. */
final class Sources {

  /** Set to {@code true} to rewrite the golden files from the current output instead of comparing with them. */
  private static final boolean UPDATE_GOLDEN = Boolean.getBoolean("updateGolden");

  private Sources() {}

  /** A source file named after its class, e.g. {@code source("com.acme.Session", "package com.acme; ...")}. */
  static JavaFileObject source(String className, String... lines) {
    return JavaFileObjects.forSourceLines(className, lines);
  }

  /** The source at {@code sources/<path>} among the test resources. */
  static JavaFileObject resource(String path) {
    return JavaFileObjects.forResource("sources/" + path);
  }

  static Compilation compile(JavaFileObject... sources) {
    return compile(List.of(), sources);
  }

  static Compilation compile(List<String> options, JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new RetentionProcessor()).withOptions(options).compile(sources);
  }

  /** The text of a generated source file. */
  static String generated(Compilation compilation, String qualifiedName) {
    Optional<JavaFileObject> file = compilation.generatedSourceFile(qualifiedName);
    assertTrue(file.isPresent(), () -> qualifiedName + " was not generated; generated: "
        + compilation.generatedSourceFiles().stream().map(JavaFileObject::getName).toList());
    return read(file.get());
  }

  /** The text of the generated services file. */
  static String servicesFile(Compilation compilation) {
    return compilation.generatedFile(StandardLocation.CLASS_OUTPUT, RegistryWriter.SERVICES_FILE)
        .map(Sources::read)
        .orElseThrow(() -> new AssertionError("no services file was generated"));
  }

  /** Asserts that {@code qualifiedName} was generated exactly as the golden file {@code golden/<name>.java}. */
  static void assertMatchesGolden(Compilation compilation, String qualifiedName, String golden) {
    String actual = generated(compilation, qualifiedName);
    String resource = "golden/" + golden + ".java";
    if (UPDATE_GOLDEN) {
      write(Path.of("src/test/resources", resource), actual);
      return;
    }
    assertEquals(readResource(resource), actual, "generated " + qualifiedName + " differs from " + resource
        + " (rerun with -DupdateGolden=true to accept the new output)");
  }

  private static String read(JavaFileObject file) {
    try {
      return file.getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String readResource(String resource) {
    try (InputStream in = Sources.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new AssertionError("no golden file " + resource
            + " (run once with -DupdateGolden=true to create it)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path path, String text) {
    try {
      Files.createDirectories(path.getParent());
      Files.writeString(path, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
