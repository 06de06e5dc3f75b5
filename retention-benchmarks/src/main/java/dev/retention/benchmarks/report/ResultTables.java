package dev.retention.benchmarks.report;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The tables printed at the end of a run. */
public final class ResultTables {

  private static final String DRAIN_FORMAT =
      "%-10s %-9s %-16s %9s %7s %8s %10s %7s %7s %7s %7s %5s %7s %7s %8s  %s%n";

  private ResultTables() {}

  public static void printDrains(PrintStream out, List<DrainResult> results) {
    out.println();
    out.println("Drains (rows/s = rows deleted / drain time; heap = peak in use during the drain; fg = foreground"
        + " writes, ms; batch = time per batch, ms)");
    out.printf(Locale.ROOT, DRAIN_FORMAT, "database", "layout", "strategy", "deleted", "batches", "time s", "rows/s",
        "heap MB", "batch50", "batch99", "fg ops", "errs", "fg p50", "fg p99", "fg max", "check");
    for (DrainResult result : results) {
      out.printf(Locale.ROOT, DRAIN_FORMAT, result.database(), result.layout(), result.strategy(),
          String.format(Locale.ROOT, "%,d", result.deleted()), result.batches(), decimal(result.seconds(), 2),
          String.format(Locale.ROOT, "%,.0f", result.rowsPerSecond()), decimal(result.heapPeakMb(), 0),
          decimal(result.batchP50Millis(), 1), decimal(result.batchP99Millis(), 1),
          result.foreground().operations(), result.foreground().errors(), decimal(result.foreground().p50Millis(), 1),
          decimal(result.foreground().p99Millis(), 1), decimal(result.foreground().maxMillis(), 1),
          result.succeeded() ? "ok" : "FAILED: " + (result.failure().isEmpty()
              ? result.expiredLeft() + " expired rows left" : result.failure()));
    }
  }

  /**
   * The Spring Session-shaped drains: each strategy's wall time against the unbounded delete's at the same database
   * and session count (the target: the default sweep within 2x), with the longest foreground write.
   */
  public static void printSessions(PrintStream out, List<DrainResult> results) {
    out.println();
    out.println("Spring Session-shaped table (string key, epoch ms, 5 cascaded attributes; half expired): wall time"
        + " against the unbounded delete's; fg = foreground writes, ms");
    String format = "%-10s %9s %-17s %9s %7s %8s %7s %6s %7s %7s  %s%n";
    out.printf(Locale.ROOT, format, "database", "sessions", "strategy", "deleted", "batches", "time s", "x DELETE",
        "errs", "fg p99", "fg max", "check");
    for (DrainResult result : results) {
      double baseline = results.stream()
          .filter(other -> other.database().equals(result.database()) && other.tableRows() == result.tableRows()
              && other.strategy().equals("unbounded-delete"))
          .mapToDouble(DrainResult::seconds).findFirst().orElse(Double.NaN);
      out.printf(Locale.ROOT, format, result.database(), String.format(Locale.ROOT, "%,d", result.tableRows()),
          result.strategy(), String.format(Locale.ROOT, "%,d", result.deleted()), result.batches(),
          decimal(result.seconds(), 3), decimal(result.seconds() / baseline, 2), result.foreground().errors(),
          decimal(result.foreground().p99Millis(), 1), decimal(result.foreground().maxMillis(), 1),
          result.succeeded() ? "ok" : "FAILED: " + (result.failure().isEmpty()
              ? result.expiredLeft() + " expired sessions left" : result.failure()));
    }
  }

  public static void printIdle(PrintStream out, List<IdleResult> results) {
    out.println();
    out.println("Idle sweeps (nothing expired; duration as the runtime reports it, ms)");
    String format = "%-10s %-9s %10s %6s %8s %8s %8s%n";
    out.printf(Locale.ROOT, format, "database", "layout", "rows", "sweeps", "median", "p90", "max");
    for (IdleResult result : results) {
      out.printf(Locale.ROOT, format, result.database(), result.layout(),
          String.format(Locale.ROOT, "%,d", result.tableRows()), result.sweeps(), decimal(result.medianMillis(), 2),
          decimal(result.p90Millis(), 2), decimal(result.maxMillis(), 2));
    }
  }

  public static void printCompile(PrintStream out, List<CompileResult> results) {
    out.println();
    out.println("Processor compile-time overhead (medians, ms), hibernate-processor as the anchor");
    out.println("(pregenerated = the entities plus the processor's output compiled without it: the cost of compiling"
        + " the generated code; processing/entity = (with - pregenerated) / entities, in CPU time)");
    String format = "%-10s %-19s %8s %5s %9s %9s %13s %9s %9s %13s %9s %18s %10s%n";
    out.printf(Locale.ROOT, format, "javac", "processor", "entities", "runs", "without", "with", "pregenerated",
        "cpu w/o", "cpu with", "cpu pregen", "cpu over", "processing/entity", "generated");
    for (CompileResult result : results) {
      out.printf(Locale.ROOT, format, result.compiler(), result.processor(), result.entities(), result.runs(),
          decimal(result.withoutMedianMillis(), 0), decimal(result.withMedianMillis(), 0),
          decimal(result.pregeneratedMedianMillis(), 0), decimal(result.withoutCpuMillis(), 0),
          decimal(result.withCpuMillis(), 0), decimal(result.pregeneratedCpuMillis(), 0),
          decimal(result.overheadCpuMillis(), 0), decimal(result.processingCpuMillisPerEntity(), 2),
          result.generatedFiles());
    }
  }

  public static void printMemory(PrintStream out, List<MemoryResult> results) {
    out.println();
    out.println("Backlog under a small heap (a JVM of its own)");
    String format = "%-10s %-6s %5s %10s %8s %10s %8s  %s%n";
    out.printf(Locale.ROOT, format, "database", "-Xmx", "exit", "deleted", "time s", "rows/s", "heap MB", "result");
    for (MemoryResult result : results) {
      DrainResult drain = result.drain();
      out.printf(Locale.ROOT, format, result.database(), result.heapLimit(), result.exitCode(),
          drain == null ? "-" : String.format(Locale.ROOT, "%,d", drain.deleted()),
          drain == null ? "-" : decimal(drain.seconds(), 2),
          drain == null ? "-" : String.format(Locale.ROOT, "%,.0f", drain.rowsPerSecond()),
          drain == null ? "-" : decimal(drain.heapPeakMb(), 0),
          result.drained() ? "drained" : "NOT DRAINED");
    }
  }

  static String decimal(double value, int places) {
    return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%." + places + "f", value);
  }
}
