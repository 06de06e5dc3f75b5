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
 * Compiles a generated module of entities without the processor ({@code -proc:none}) and with it on the processor
 * path, alternating the two so that the JIT warming up and the machine's noise fall on both alike, after a few
 * unmeasured rounds; and, to split the cost, the entities plus the sources the processor wrote, without it. Two ways: a forked {@code javac} per compilation, cold as a build's javac is; and javac in this
 * JVM, warm after the first rounds, where the processor (loaded afresh by each compilation) weighs more.
 */
public final class CompileSuite {

  /** Unmeasured rounds first; fewer when fewer runs are measured (the smoke run measures one). */
  private static final int WARM_UP_ROUNDS = 2;
  private static final String PROCESSOR_CLASS = "dev.retention.processor.RetentionProcessor";
  private static final String JAVAPOET_CLASS = "com.palantir.javapoet.JavaFile";

  private final int entities;
  private final int runs;
  private final List<String> compilers;
  private final RunResults results;

  /**
   * @param compilers {@code forked}, {@code in-process}, or both
   */
  public CompileSuite(int entities, int runs, List<String> compilers, RunResults results) {
    for (String name : compilers) {
      if (!name.equals("forked") && !name.equals("in-process")) {
        throw new IllegalArgumentException("Unknown compiler '" + name + "'; known: forked, in-process");
      }
    }
    this.entities = entities;
    this.runs = runs;
    this.compilers = List.copyOf(compilers);
    this.results = results;
  }

  public void run() throws IOException, InterruptedException {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    if (compiler == null) {
      throw new IllegalStateException("No system Java compiler: run the benchmark on a JDK, not a JRE");
    }
    Path work = Files.createTempDirectory("retention-bench-compile-");
    try {
      List<Path> sources = EntitySources.write(work.resolve("src"), entities);
      String classpath = jarsOf(jakarta.persistence.Entity.class, dev.retention.Ttl.class,
          dev.retention.runtime.RetentionPass.class);
      List<String> withoutProcessor = List.of("-proc:none");
      List<String> withProcessor = List.of("-processorpath", jarsOf(load(PROCESSOR_CLASS), load(JAVAPOET_CLASS)));
      Compilation forked = (inputs, processing) -> forked(inputs, work, classpath, processing);
      Compilation inProcess = (inputs, processing) -> inProcess(compiler, inputs, work, classpath, processing);
      if (compilers.contains("forked")) {
        measure("forked", forked, sources, withoutProcessor, withProcessor, work);
      }
      if (compilers.contains("in-process")) {
        measure("in-process", inProcess, sources, withoutProcessor, withProcessor, work);
      }
    } finally {
      deleteRecursively(work);
    }
  }

  /** One compilation of {@code inputs} into fresh output directories; returns its time in milliseconds. */
  private interface Compilation {
    double compile(List<Path> inputs, List<String> processing) throws IOException, InterruptedException;
  }

  /**
   * Each round compiles the entities without the processor, with it, and (to tell the processor's own work from the
   * compiling of what it writes) the entities plus the sources it wrote, without it.
   */
  private void measure(String name, Compilation compilation, List<Path> sources, List<String> without,
      List<String> with, Path work) throws IOException, InterruptedException {
    List<Double> withoutMillis = new ArrayList<>();
    List<Double> withMillis = new ArrayList<>();
    List<Double> pregeneratedMillis = new ArrayList<>();
    int generated = 0;
    int warmUpRounds = Math.min(WARM_UP_ROUNDS, runs);
    for (int round = 0; round < warmUpRounds + runs; round++) {
      double plain = compilation.compile(sources, without);
      double processed = compilation.compile(sources, with);
      List<Path> output = keepGenerated(work);
      generated = output.size();
      List<Path> entitiesAndOutput = new ArrayList<>(sources);
      entitiesAndOutput.addAll(output);
      double pregenerated = compilation.compile(entitiesAndOutput, without);
      if (round >= warmUpRounds) {
        withoutMillis.add(plain);
        withMillis.add(processed);
        pregeneratedMillis.add(pregenerated);
      }
      System.out.printf(Locale.ROOT, "[compile %s] round %d%s: without %.0f ms, with %.0f ms, generated sources"
          + " compiled without the processor %.0f ms%n", name, round + 1, round < warmUpRounds ? " (warm-up)" : "",
          plain, processed, pregenerated);
    }
    if (generated != entities + 1) {
      throw new IllegalStateException("The processor generated " + generated + " sources for " + entities
          + " entities; expected a pass per entity and one registry");
    }
    results.compiles.add(new CompileResult(name, entities, runs, Percentiles.of(withoutMillis).median(),
        Percentiles.of(withMillis).median(), Percentiles.of(pregeneratedMillis).median(), generated));
  }

  /** Moves what the processor wrote out of the output directory, which the next compilation empties. */
  private static List<Path> keepGenerated(Path work) throws IOException {
    Path kept = fresh(work.resolve("pregenerated"));
    List<Path> files = new ArrayList<>();
    try (Stream<Path> paths = Files.walk(work.resolve("generated"))) {
      for (Path source : paths.filter(path -> path.toString().endsWith(".java")).toList()) {
        Path target = kept.resolve(source.getFileName());
        Files.copy(source, target);
        files.add(target);
      }
    }
    return files;
  }

  private static List<String> options(Path work, String classpath, List<String> processing) throws IOException {
    List<String> options = new ArrayList<>(List.of("--release", "17",
        "-d", fresh(work.resolve("classes")).toString(), "-s", fresh(work.resolve("generated")).toString(),
        "-classpath", classpath, "-Xlint:all,-processing"));
    options.addAll(processing);
    return options;
  }

  private static double inProcess(JavaCompiler compiler, List<Path> sources, Path work, String classpath,
      List<String> processing) throws IOException {
    List<String> options = options(work, classpath, processing);
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

  private static double forked(List<Path> sources, Path work, String classpath, List<String> processing)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "javac").toString());
    command.addAll(options(work, classpath, processing));
    sources.forEach(source -> command.add(source.toString()));
    Path log = work.resolve("javac.log");
    long start = System.nanoTime();
    Process javac = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    int exitCode = javac.waitFor();
    double millis = (System.nanoTime() - start) / 1e6;
    if (exitCode != 0) {
      throw new IllegalStateException("javac exited with " + exitCode + " compiling the generated module with "
          + processing + ":" + System.lineSeparator() + Files.readString(log));
    }
    return millis;
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
