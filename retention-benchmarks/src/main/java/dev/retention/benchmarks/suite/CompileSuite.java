package dev.retention.benchmarks.suite;

import dev.retention.benchmarks.measure.Percentiles;
import dev.retention.benchmarks.report.CompileResult;
import dev.retention.benchmarks.report.RunResults;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles a generated module of entities with the in-process {@code javac}, without the processor
 * ({@code -proc:none}) and with it on the processor path, alternating the two so that the JIT warming up and the
 * machine's noise fall on both alike; a few unmeasured rounds come first. Classpath and options are the same for both.
 */
public final class CompileSuite {

  private static final int WARM_UP_ROUNDS = 2;
  private static final String PROCESSOR_CLASS = "dev.retention.processor.RetentionProcessor";
  private static final String JAVAPOET_CLASS = "com.palantir.javapoet.JavaFile";

  private final int entities;
  private final int runs;
  private final RunResults results;

  public CompileSuite(int entities, int runs, RunResults results) {
    this.entities = entities;
    this.runs = runs;
    this.results = results;
  }

  public void run() throws IOException {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    if (compiler == null) {
      throw new IllegalStateException("No system Java compiler: run the benchmark on a JDK, not a JRE");
    }
    Path work = Files.createTempDirectory("retention-bench-compile-");
    try {
      List<Path> sources = EntitySources.write(work.resolve("src"), entities);
      String classpath = jarsOf(jakarta.persistence.Entity.class, dev.retention.Ttl.class,
          dev.retention.runtime.RetentionPass.class);
      String processorPath = jarsOf(load(PROCESSOR_CLASS), load(JAVAPOET_CLASS));
      List<Double> without = new ArrayList<>();
      List<Double> with = new ArrayList<>();
      int generated = 0;
      for (int round = 0; round < WARM_UP_ROUNDS + runs; round++) {
        double withoutMillis = compile(compiler, sources, work, classpath, List.of("-proc:none"));
        double withMillis = compile(compiler, sources, work, classpath, List.of("-processorpath", processorPath));
        generated = countFiles(work.resolve("generated"));
        if (round >= WARM_UP_ROUNDS) {
          without.add(withoutMillis);
          with.add(withMillis);
        }
        System.out.printf(Locale.ROOT, "[compile] round %d%s: without %.0f ms, with %.0f ms%n", round + 1,
            round < WARM_UP_ROUNDS ? " (warm-up)" : "", withoutMillis, withMillis);
      }
      if (generated != entities + 1) {
        throw new IllegalStateException("The processor generated " + generated + " sources for " + entities
            + " entities; expected a pass per entity and one registry");
      }
      results.compiles.add(new CompileResult(entities, runs, Percentiles.of(without).median(),
          Percentiles.of(with).median(), generated));
    } finally {
      deleteRecursively(work);
    }
  }

  /** One compilation into fresh output directories; returns its time in milliseconds. */
  private static double compile(JavaCompiler compiler, List<Path> sources, Path work, String classpath,
      List<String> processing) throws IOException {
    Path classes = fresh(work.resolve("classes"));
    Path generated = fresh(work.resolve("generated"));
    List<String> options = new ArrayList<>(List.of("--release", "17", "-d", classes.toString(), "-s",
        generated.toString(), "-classpath", classpath, "-Xlint:all,-processing"));
    options.addAll(processing);
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    long start = System.nanoTime();
    try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ROOT,
        StandardCharsets.UTF_8)) {
      boolean compiled = compiler.getTask(null, files, diagnostics, options, null,
          files.getJavaFileObjectsFromPaths(sources)).call();
      if (!compiled) {
        throw new IllegalStateException("The generated module did not compile with " + processing + ":"
            + System.lineSeparator() + describe(diagnostics));
      }
    }
    return (System.nanoTime() - start) / 1e6;
  }

  private static String describe(DiagnosticCollector<JavaFileObject> diagnostics) {
    return diagnostics.getDiagnostics().stream()
        .filter(diagnostic -> diagnostic.getKind() == Diagnostic.Kind.ERROR)
        .limit(10)
        .map(diagnostic -> diagnostic.getSource() + ":" + diagnostic.getLineNumber() + ": "
            + diagnostic.getMessage(Locale.ROOT))
        .collect(Collectors.joining(System.lineSeparator()));
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, CompileSuite.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(name + " is not on the benchmark's classpath; it is a runtime dependency of"
          + " retention-benchmarks, copied to target/lib by the build", e);
    }
  }

  /** The jars (or class directories) the classes were loaded from, as a path list. */
  private static String jarsOf(Class<?>... classes) {
    List<String> paths = new ArrayList<>();
    for (Class<?> type : classes) {
      CodeSource source = type.getProtectionDomain().getCodeSource();
      if (source == null) {
        throw new IllegalStateException("Cannot tell which jar " + type.getName() + " came from: no code source");
      }
      try {
        paths.add(Path.of(source.getLocation().toURI()).toString());
      } catch (URISyntaxException e) {
        throw new IllegalStateException("Cannot tell which jar " + type.getName() + " came from", e);
      }
    }
    return String.join(File.pathSeparator, paths);
  }

  private static Path fresh(Path directory) throws IOException {
    deleteRecursively(directory);
    return Files.createDirectories(directory);
  }

  private static int countFiles(Path directory) throws IOException {
    try (Stream<Path> paths = Files.walk(directory)) {
      return (int) paths.filter(path -> path.toString().endsWith(".java")).count();
    }
  }

  private static void deleteRecursively(Path directory) throws IOException {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> {
        try {
          Files.delete(path);
        } catch (IOException e) {
          throw new UncheckedIOException("Could not delete " + path, e);
        }
      });
    }
  }
}
