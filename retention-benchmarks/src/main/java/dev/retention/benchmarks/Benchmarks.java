package dev.retention.benchmarks;

import dev.retention.benchmarks.BenchmarkOptions.Mode;
import dev.retention.benchmarks.conditions.ConditionSuite;
import dev.retention.it.support.TestDatabase;
import dev.retention.benchmarks.report.CsvFiles;
import dev.retention.benchmarks.report.DrainRounds;
import dev.retention.benchmarks.report.ResultTables;
import dev.retention.benchmarks.replicas.ReplicaSuite;
import dev.retention.benchmarks.report.RunResults;
import dev.retention.benchmarks.report.TargetReport;
import dev.retention.benchmarks.tenants.TenantSuite;
import dev.retention.benchmarks.suite.CompileSuite;
import dev.retention.benchmarks.suite.DatabaseSuite;
import dev.retention.benchmarks.suite.MemorySuite;
import dev.retention.benchmarks.held.HeldRowSuite;
import dev.retention.benchmarks.locks.LockSuite;
import dev.retention.benchmarks.scopes.ScopeSuite;
import dev.retention.benchmarks.sessions.SessionSuite;
import dev.retention.benchmarks.suite.PartitionSuite;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.TimeZone;

/**
 * The benchmark's entry point: runs the chosen parts, prints the tables and the targets, writes the CSV files. Exits
 * with 1 when a drain failed or left rows, 2 on a bad argument.
 */
public final class Benchmarks {

  private Benchmarks() {}

  public static void main(String[] args) throws Exception {
    if (Arrays.asList(args).contains("--help")) {
      System.out.print(BenchmarkOptions.USAGE);
      return;
    }
    BenchmarkOptions options;
    try {
      options = BenchmarkOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.print(BenchmarkOptions.USAGE);
      System.exit(2);
      return;
    }
    // Instants are stored in MariaDB's zone-less datetime; one zone everywhere keeps the server-side literals right.
    TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
    QuietLogging.apply();
    Files.createDirectories(options.out());

    RunResults results = new RunResults();
    results.environment.addAll(Environment.describe(options));
    results.environment.forEach(line -> System.out.println("# " + line));
    boolean conditionsDrained = run(options, results);
    report(System.out, options, results);
    System.exit(results.anyFailure() || !conditionsDrained ? 1 : 0);
  }

  /** Runs the chosen parts; false when the drain of {@code --modes=conditions} failed or left rows. */
  private static boolean run(BenchmarkOptions options, RunResults results) throws Exception {
    if (options.modes().contains(Mode.DRAIN) || options.modes().contains(Mode.IDLE)) {
      DatabaseSuite suite = new DatabaseSuite(options, results);
      for (TestDatabase.Kind kind : options.databases()) {
        suite.run(kind);
      }
    }
    if (options.modes().contains(Mode.SESSIONS)) {
      SessionSuite suite = new SessionSuite(options, results);
      for (TestDatabase.Kind kind : options.databases()) {
        suite.run(kind);
      }
    }
    if (options.modes().contains(Mode.MEMORY)) {
      MemorySuite suite = new MemorySuite(options, results);
      for (TestDatabase.Kind kind : options.databases()) {
        suite.run(kind, Benchmarks.class);
      }
    }
    if (options.modes().contains(Mode.PARTITIONS)) {
      new PartitionSuite(options.partitionRows(), options.partitionDays(), options.foregroundRate(),
          options.partitionMethods(), System.out).run();
    }
    if (options.modes().contains(Mode.SCOPES)) {
      new ScopeSuite(options.tenants(), options.scopeDateIndex(), options.repeats(), options.h2CacheKilobytes(),
          options.requireServers(), options.out(), System.out).run(options.databases());
    }
    if (options.modes().contains(Mode.LOCKS)) {
      new LockSuite(options.locks(), options.lockKeys(), options.lockStrategies(), options.repeats(),
          options.lockWrites(), options.requireServers(), options.out(), System.out).run(options.databases());
    }
    if (options.modes().contains(Mode.REPLICAS)) {
      new ReplicaSuite(options, System.out).run();
    }
    if (options.modes().contains(Mode.HELD)) {
      new HeldRowSuite(Duration.ofSeconds(options.heldSeconds()), options.requireServers(), System.out)
          .run(options.databases());
    }
    if (options.modes().contains(Mode.POLICY)) {
      new dev.retention.benchmarks.scopes.PolicySuite(options.tenants(), options.repeats(), options.requireServers(),
          System.out).run(options.databases());
    }
    if (options.modes().contains(Mode.COMPILE)) {
      new CompileSuite(options.compileEntities(), options.compileRuns(), options.compilers(), results).run();
    }
    if (options.modes().contains(Mode.TENANTS)) {
      new TenantSuite(options.tenantSchemas(), options.tenants(), options.repeats(), options.requireServers(),
          System.out).run(options.databases());
    }
    if (options.modes().contains(Mode.CONDITIONS)) {
      return new ConditionSuite(options.rows(), options.requireServers(), System.out).run(options.databases());
    }
    return true;
  }

  private static void report(PrintStream out, BenchmarkOptions options, RunResults results) throws IOException {
    Path dir = options.out();
    if (!results.drains.isEmpty()) {
      ResultTables.printDrains(out, results.drains);
      if (options.drainRepeats() > 1) {
        new DrainRounds(results.drains).print(out);
      }
      CsvFiles.writeDrains(dir.resolve("drains.csv"), results.drains);
    }
    if (!results.sessions.isEmpty()) {
      ResultTables.printSessions(out, results.sessions);
      CsvFiles.writeDrains(dir.resolve("sessions.csv"), results.sessions);
    }
    if (!results.idles.isEmpty()) {
      ResultTables.printIdle(out, results.idles);
      CsvFiles.writeIdle(dir.resolve("idle.csv"), results.idles);
    }
    if (!results.memories.isEmpty()) {
      ResultTables.printMemory(out, results.memories);
      CsvFiles.writeMemory(dir.resolve("memory.csv"), results.memories);
    }
    if (!results.compiles.isEmpty()) {
      ResultTables.printCompile(out, results.compiles);
      CsvFiles.writeCompile(dir.resolve("compile.csv"), results.compiles);
    }
    if (results.plans.length() > 0) {
      Files.writeString(dir.resolve("plans.txt"), results.plans);
    }
    Files.write(dir.resolve("environment.txt"), results.environment);
    if (options.printTargets()) {
      new TargetReport(results.drains, results.idles, results.compiles, results.memories, results.sessions).print(out);
    }
    if (!results.skipped.isEmpty()) {
      out.println("Skipped (server did not answer): " + String.join(", ", results.skipped));
    }
    out.println();
    out.println("CSV files, plans and environment: " + dir.toAbsolutePath());
  }
}
