package dev.retention.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.retention.benchmarks.measure.LatencySummary;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The small-heap JVM hands its result back through the drains file, so it must read back what was written. */
class CsvFilesTest {

  @Test
  void drainsReadBackAsWritten(@TempDir Path directory) throws Exception {
    DrainResult written = new DrainResult("postgresql", "ordered", "sweep-500", 2_000_000, 2_000_000, 2_000_000, 4001,
        30.5, 12.0, 40.25, 64.0, 3.5, 9.25, 20.0,
        new LatencySummary(6000, 1, 0.5, 4.0, 12.5, 2000, "lock wait timeout, retried\nnext line"), 0, "");
    Path file = directory.resolve("drains.csv");
    CsvFiles.writeDrains(file, List.of(written));

    DrainResult read = CsvFiles.readDrains(file).get(0);

    assertEquals(written.strategy(), read.strategy());
    assertEquals(written.deleted(), read.deleted());
    assertEquals(written.batches(), read.batches());
    assertEquals(written.heapPeakMb(), read.heapPeakMb(), 0.001);
    assertEquals(written.foreground().maxMillis(), read.foreground().maxMillis(), 0.001);
    assertEquals(written.rowsPerSecond(), read.rowsPerSecond(), 1);
    assertTrue(read.succeeded());
    assertEquals("lock wait timeout retried next line", read.foreground().firstError());
  }
}
