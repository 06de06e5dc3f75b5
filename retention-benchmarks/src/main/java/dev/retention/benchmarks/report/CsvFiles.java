package dev.retention.benchmarks.report;

import dev.retention.benchmarks.measure.LatencySummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** The CSV files of a run, one per kind of figure, with a header line; read back for a relaunched JVM's results. */
public final class CsvFiles {

  private static final String DRAIN_HEADER = "database,layout,strategy,table_rows,expired,deleted,batches,seconds,"
      + "rows_per_second,heap_baseline_mb,heap_peak_mb,heap_max_mb,batch_p50_ms,batch_p99_ms,batch_max_ms,"
      + "fg_ops,fg_errors,fg_p50_ms,fg_p99_ms,fg_max_ms,fg_inserted,expired_left,failure,fg_first_error";

  private CsvFiles() {}

  public static void writeDrains(Path file, List<DrainResult> results) throws IOException {
    write(file, DRAIN_HEADER, results, result -> join(
        result.database(), result.layout(), result.strategy(), result.tableRows(), result.expired(), result.deleted(),
        result.batches(), result.seconds(), result.rowsPerSecond(), result.heapBaselineMb(), result.heapPeakMb(),
        result.heapMaxMb(), result.batchP50Millis(), result.batchP99Millis(), result.batchMaxMillis(),
        result.foreground().operations(), result.foreground().errors(), result.foreground().p50Millis(),
        result.foreground().p99Millis(), result.foreground().maxMillis(), result.foreground().inserted(),
        result.expiredLeft(), clean(result.failure()), clean(result.foreground().firstError())));
  }

  /** Reads a file written by {@link #writeDrains}. */
  public static List<DrainResult> readDrains(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file);
    if (lines.isEmpty() || !lines.get(0).equals(DRAIN_HEADER)) {
      throw new IOException(file + " is not a drains CSV file of this version (header: "
          + (lines.isEmpty() ? "none" : lines.get(0)) + ")");
    }
    List<DrainResult> results = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      LatencySummary foreground = new LatencySummary(Long.parseLong(f[15]), Long.parseLong(f[16]), number(f[17]),
          number(f[18]), number(f[19]), Long.parseLong(f[20]), f[23]);
      results.add(new DrainResult(f[0], f[1], f[2], Long.parseLong(f[3]), Long.parseLong(f[4]), Long.parseLong(f[5]),
          Integer.parseInt(f[6]), number(f[7]), number(f[9]), number(f[10]), number(f[11]), number(f[12]),
          number(f[13]), number(f[14]), foreground, Long.parseLong(f[21]), f[22]));
    }
    return results;
  }

  public static void writeIdle(Path file, List<IdleResult> results) throws IOException {
    write(file, "database,layout,table_rows,sweeps,median_ms,p90_ms,max_ms", results, result -> join(
        result.database(), result.layout(), result.tableRows(), result.sweeps(), result.medianMillis(),
        result.p90Millis(), result.maxMillis()));
  }

  public static void writeCompile(Path file, List<CompileResult> results) throws IOException {
    write(file, "compiler,processor,entities,runs,without_processor_median_ms,with_processor_median_ms,"
        + "pregenerated_without_processor_median_ms,without_cpu_ms,with_cpu_ms,pregenerated_cpu_ms,ratio,"
        + "processing_cpu_ms_per_entity,generated_files",
        results, result -> join(result.compiler(), result.processor(), result.entities(), result.runs(),
            result.withoutMedianMillis(), result.withMedianMillis(), result.pregeneratedMedianMillis(),
            result.withoutCpuMillis(), result.withCpuMillis(), result.pregeneratedCpuMillis(), result.ratio(),
            result.processingCpuMillisPerEntity(), result.generatedFiles()));
  }

  public static void writeMemory(Path file, List<MemoryResult> results) throws IOException {
    write(file, "database,heap_limit,exit_code,deleted,seconds,rows_per_second,heap_peak_mb,heap_max_mb,expired_left",
        results, result -> result.drain() == null
            ? join(result.database(), result.heapLimit(), result.exitCode(), "", "", "", "", "", "")
            : join(result.database(), result.heapLimit(), result.exitCode(), result.drain().deleted(),
                result.drain().seconds(), result.drain().rowsPerSecond(), result.drain().heapPeakMb(),
                result.drain().heapMaxMb(), result.drain().expiredLeft()));
  }

  private static <T> void write(Path file, String header, List<T> rows, Function<T, String> line) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add(header);
    rows.forEach(row -> lines.add(line.apply(row)));
    Files.write(file, lines);
  }

  private static String join(Object... values) {
    StringBuilder line = new StringBuilder();
    for (Object value : values) {
      if (line.length() > 0) {
        line.append(',');
      }
      line.append(value instanceof Double number ? format(number) : String.valueOf(value));
    }
    return line.toString();
  }

  private static String format(double value) {
    return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.3f", value);
  }

  private static double number(String text) {
    return text.isEmpty() ? Double.NaN : Double.parseDouble(text);
  }

  /** A message on one line without the separator, so the file stays one record per line. */
  private static String clean(String message) {
    return message == null ? "" : message.replaceAll("[\\s,]+", " ").trim();
  }
}
