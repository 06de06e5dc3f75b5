package dev.retention.benchmarks.suite;

import dev.retention.benchmarks.measure.Percentiles;
import dev.retention.benchmarks.report.CompileResult;
import dev.retention.benchmarks.report.RunResults;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles a generated module of entities without a processor ({@code -proc:none}), with Retention's on the processor
 * path (named with {@code -processor}, as each processor is, so that none is found on a class path by accident), and
 * with Hibernate's metamodel generator ({@code hibernate-processor}, which also writes a class per entity
 * and which nearly every JPA project runs) as the anchor, alternating them so that the JIT warming up and the
 * machine's noise fall on all alike, after a few unmeasured rounds; and, to split each processor's cost into
 * generating and compiling what it generated, the entities plus the sources it wrote, without it. Two ways: a forked
 * {@code javac} per compilation, cold as a build's javac is; and javac in this JVM, warm after the first rounds, where
 * the processor (loaded afresh by each compilation) weighs more.
 */
public final class CompileSuite {

  /** Unmeasured rounds first; fewer when fewer runs are measured (the smoke run measures one). */
  private static final int WARM_UP_ROUNDS = 2;
  private static final String PROCESSOR_CLASS = "dev.retention.processor.RetentionProcessor";
  private static final String JAVAPOET_CLASS = "com.palantir.javapoet.JavaFile";
  private static final String HIBERNATE_PROCESSOR_CLASS = "org.hibernate.processor.HibernateProcessor";
  /**
   * The jars of {@code hibernate-processor} and its dependencies, as Maven resolves them for an
   * {@code annotationProcessorPaths} entry, by file name; the build copies them to {@code target/lib}.
   */
  private static final List<String> HIBERNATE_PROCESSOR_JARS = List.of("hibernate-processor-", "hibernate-core-",
      "hibernate-models-", "jandex-", "byte-buddy-", "jakarta.persistence-api-", "jakarta.xml.bind-api-",
      "jakarta.annotation-api-", "jakarta.activation-api-", "istack-commons-runtime-", "antlr4-runtime-",
      "jakarta.inject-api-", "angus-activation-", "jboss-logging-", "jakarta.transaction-api-", "jaxb-core-",
      "jaxb-runtime-", "txw2-", "jakarta.validation-api-");

  /** A processor measured: its name in the tables, its javac options, and how many sources it writes. */
  private record Processor(String name, List<String> options, int expectedSources) {}

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
      List<Processor> processors = List.of(
          new Processor("retention", List.of("-processorpath",
              jarsOf(load(PROCESSOR_CLASS), load(JAVAPOET_CLASS), dev.retention.Ttl.class),
              "-processor", PROCESSOR_CLASS), entities + 1),
          new Processor("hibernate-processor", List.of("-processorpath", hibernateProcessorPath(),
              "-processor", HIBERNATE_PROCESSOR_CLASS), entities));
      Path launcher = launcher(work.resolve("launcher"));
      Compilation forked = (inputs, processing) -> forked(launcher, inputs, work, classpath, processing);
      Compilation inProcess = (inputs, processing) -> inProcess(compiler, inputs, work, classpath, processing);
      if (compilers.contains("forked")) {
        measure("forked", forked, sources, processors, work);
      }
      if (compilers.contains("in-process")) {
        measure("in-process", inProcess, sources, processors, work);
      }
    } finally {
      deleteRecursively(work);
    }
  }

  /** One compilation of {@code inputs} into fresh output directories; returns its wall-clock and CPU time. */
  private interface Compilation {
    Timing compile(List<Path> inputs, List<String> processing) throws IOException, InterruptedException;
  }

  /**
   * How long one compilation took: by the clock, and in CPU time (of the whole javac process when forked, of the
   * compiling thread in this JVM), which on a machine shared with other work says more.
   */
  private record Timing(double wallMillis, double cpuMillis) {
    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%.0f ms (CPU %.0f ms)", wallMillis, cpuMillis);
    }
  }

  /** Measured compilations of one kind. */
  private static final class Timings {
    private final List<Double> wall = new ArrayList<>();
    private final List<Double> cpu = new ArrayList<>();

    void add(Timing timing) {
      wall.add(timing.wallMillis());
      cpu.add(timing.cpuMillis());
    }

    double wallMedian() {
      return Percentiles.of(wall).median();
    }

    double cpuMedian() {
      return Percentiles.of(cpu).median();
    }
  }

  /**
   * Each round compiles the entities without a processor, then with each processor in turn (the order alternating
   * between rounds) followed by the entities plus the sources that processor wrote, without it, which tells the
   * processor's own work from the compiling of what it writes.
   */
  private void measure(String name, Compilation compilation, List<Path> sources, List<Processor> processors,
      Path work) throws IOException, InterruptedException {
    Timings without = new Timings();
    Map<Processor, Timings> with = new LinkedHashMap<>();
    Map<Processor, Timings> pregenerated = new LinkedHashMap<>();
    processors.forEach(processor -> {
      with.put(processor, new Timings());
      pregenerated.put(processor, new Timings());
    });
    int warmUpRounds = Math.min(WARM_UP_ROUNDS, runs);
    for (int round = 0; round < warmUpRounds + runs; round++) {
      boolean measured = round >= warmUpRounds;
      Timing plain = compilation.compile(sources, List.of("-proc:none"));
      StringBuilder line = new StringBuilder("without " + plain);
      List<Processor> order = new ArrayList<>(processors);
      if (round % 2 == 1) {
        Collections.reverse(order);
      }
      for (Processor processor : order) {
        Timing processed = compilation.compile(sources, processor.options());
        List<Path> output = keepGenerated(work);
        if (output.size() != processor.expectedSources()) {
          throw new IllegalStateException(processor.name() + " generated " + output.size() + " sources for "
              + entities + " entities; expected " + processor.expectedSources());
        }
        List<Path> entitiesAndOutput = new ArrayList<>(sources);
        entitiesAndOutput.addAll(output);
        Timing outputCompiled = compilation.compile(entitiesAndOutput, List.of("-proc:none"));
        if (measured) {
          with.get(processor).add(processed);
          pregenerated.get(processor).add(outputCompiled);
        }
        line.append(", ").append(processor.name()).append(' ').append(processed)
            .append(", its output compiled alone ").append(outputCompiled);
      }
      if (measured) {
        without.add(plain);
      }
      System.out.printf(Locale.ROOT, "[compile %s] round %d%s: %s%n", name, round + 1,
          measured ? "" : " (warm-up)", line);
    }
    for (Processor processor : processors) {
      Timings processed = with.get(processor);
      Timings outputCompiled = pregenerated.get(processor);
      results.compiles.add(new CompileResult(name, processor.name(), entities, runs, without.wallMedian(),
          processed.wallMedian(), outputCompiled.wallMedian(), without.cpuMedian(), processed.cpuMedian(),
          outputCompiled.cpuMedian(), processor.expectedSources()));
    }
  }

  /** The jars of {@link #HIBERNATE_PROCESSOR_JARS}, found beside hibernate-processor's own. */
  private static String hibernateProcessorPath() throws IOException {
    Path directory = Path.of(jarsOf(load(HIBERNATE_PROCESSOR_CLASS))).getParent();
    List<String> jars = new ArrayList<>();
    try (Stream<Path> files = Files.list(directory)) {
      List<Path> all = files.filter(file -> file.toString().endsWith(".jar")).sorted().toList();
      for (String prefix : HIBERNATE_PROCESSOR_JARS) {
        Path jar = all.stream()
            .filter(file -> file.getFileName().toString().startsWith(prefix)
                && Character.isDigit(file.getFileName().toString().charAt(prefix.length())))
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("No " + prefix + "*.jar beside hibernate-processor in "
                + directory + ": run the benchmark from its packaged jar, whose target/lib holds the processor's"
                + " dependencies"));
        jars.add(jar.toString());
      }
    }
    return String.join(File.pathSeparator, jars);
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

  private static Timing inProcess(JavaCompiler compiler, List<Path> sources, Path work, String classpath,
      List<String> processing) throws IOException {
    List<String> options = options(work, classpath, processing);
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long cpuStart = threads.getCurrentThreadCpuTime();
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
    return new Timing((System.nanoTime() - start) / 1e6, (threads.getCurrentThreadCpuTime() - cpuStart) / 1e6);
  }

  /**
   * A class directory holding {@link CpuTimedJavac} alone, so that the forked javac's JVM has nothing else on its class
   * path (the benchmark's jar would bring its dependencies, processors among them, through its manifest).
   */
  private static Path launcher(Path directory) throws IOException {
    String resource = CpuTimedJavac.class.getName().replace('.', '/') + ".class";
    Path file = directory.resolve(resource);
    Files.createDirectories(file.getParent());
    try (InputStream in = CompileSuite.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("Cannot read " + resource + " from the benchmark's class path");
      }
      Files.copy(in, file);
    }
    return directory;
  }

  /** javac in a process of its own, run by {@link CpuTimedJavac}, which reports the process's CPU time. */
  private static Timing forked(Path launcher, List<Path> sources, Path work, String classpath,
      List<String> processing) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-cp", launcher.toString(), CpuTimedJavac.class.getName()));
    command.addAll(options(work, classpath, processing));
    sources.forEach(source -> command.add(source.toString()));
    Path log = work.resolve("javac.log");
    long start = System.nanoTime();
    Process javac = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    int exitCode = javac.waitFor();
    double millis = (System.nanoTime() - start) / 1e6;
    List<String> output = Files.readAllLines(log);
    if (exitCode != 0) {
      throw new IllegalStateException("javac exited with " + exitCode + " compiling the generated module with "
          + processing + ":" + System.lineSeparator() + String.join(System.lineSeparator(), output));
    }
    String cpuLine = output.isEmpty() ? "" : output.get(output.size() - 1);
    if (!cpuLine.startsWith(CpuTimedJavac.CPU_LINE)) {
      throw new IllegalStateException("The forked javac did not report its CPU time; its output ended with: "
          + cpuLine);
    }
    return new Timing(millis, Long.parseLong(cpuLine.substring(CpuTimedJavac.CPU_LINE.length())) / 1e6);
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
