package dev.retention.benchmarks.suite;

import dev.retention.benchmarks.BenchmarkOptions;
import dev.retention.it.support.TestDatabase;
import dev.retention.benchmarks.report.CsvFiles;
import dev.retention.benchmarks.report.DrainResult;
import dev.retention.benchmarks.report.MemoryResult;
import dev.retention.benchmarks.report.RunResults;
import dev.retention.benchmarks.report.TargetReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Drains a large backlog (every row expired) with the default sweep in a JVM of its own started with a small
 * {@code -Xmx}: the same benchmark main, relaunched with the drain mode only. The heap limit is the measurement, so it
 * must be that JVM's, not this one's.
 */
public final class MemorySuite {

  /** H2 runs inside the measured JVM; its default page cache alone would take the whole small heap. */
  private static final int H2_CACHE_KILOBYTES = 8 * 1024;

  private final BenchmarkOptions options;
  private final RunResults results;

  public MemorySuite(BenchmarkOptions options, RunResults results) {
    this.options = options;
    this.results = results;
  }

  public void run(TestDatabase.Kind kind, Class<?> main) throws IOException, InterruptedException {
    if (results.skipped.contains(kind.key())) {
      System.out.println("[skipped] " + kind.label() + " backlog under -Xmx" + options.memoryHeap()
          + ": its server did not answer");
      return;
    }
    Path out = options.out().resolve("memory-" + kind.key());
    List<String> command = command(kind, main, out);
    System.out.println("[" + kind.key() + " memory] " + String.join(" ", command));
    Process child = new ProcessBuilder(command).inheritIO().start();
    int exitCode = child.waitFor();
    Path drains = out.resolve("drains.csv");
    List<DrainResult> drained = Files.exists(drains) ? CsvFiles.readDrains(drains) : List.of();
    results.memories.add(new MemoryResult(kind.key(), options.memoryHeap(), exitCode,
        drained.isEmpty() ? null : drained.get(0)));
  }

  private List<String> command(TestDatabase.Kind kind, Class<?> main, Path out) {
    List<String> command = new ArrayList<>();
    command.add(javaExecutable());
    command.add("-Xmx" + options.memoryHeap());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(main.getName());
    command.add("--modes=drain");
    command.add("--databases=" + kind.key());
    command.add("--rows=" + options.memoryRows());
    command.add("--expired-percent=100");
    command.add("--layouts=ordered");
    command.add("--strategies=" + TargetReport.DEFAULT_SWEEP);
    command.add("--foreground-rate=" + options.foregroundRate());
    command.add("--require-servers=" + options.requireServers());
    command.add("--h2-cache-kb=" + (kind == TestDatabase.Kind.H2 ? H2_CACHE_KILOBYTES : 0));
    command.add("--targets=false");
    command.add("--out=" + out);
    return command;
  }

  private static String javaExecutable() {
    return ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
  }
}
