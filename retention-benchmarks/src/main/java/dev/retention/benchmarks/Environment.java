package dev.retention.benchmarks;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/** The machine, the JVM and the settings of a run, printed at the top and kept with the figures. */
final class Environment {

  private Environment() {}

  static List<String> describe(BenchmarkOptions options) {
    OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    return List.of(
        String.format(Locale.ROOT, "machine: %d processors, %.1f GB memory, load average %.2f, %s %s",
            Runtime.getRuntime().availableProcessors(), os.getTotalMemorySize() / 1e9, os.getSystemLoadAverage(),
            System.getProperty("os.name"), System.getProperty("os.version")),
        String.format(Locale.ROOT, "java: %s %s, max heap %d MB", System.getProperty("java.vm.name"),
            System.getProperty("java.runtime.version"), Runtime.getRuntime().maxMemory() / (1024 * 1024)),
        "hibernate: " + org.hibernate.Version.getVersionString(),
        String.format(Locale.ROOT, "settings: %s, rows %,d, expired %d%%, layouts %s, strategies %s, foreground %d"
                + " writes/s, idle sweeps %d, backlog %,d under -Xmx%s, compile %d entities x %d runs",
            options.modes(), options.rows(), options.expiredPercent(), options.layouts(), options.strategies(),
            options.foregroundRate(), options.idleSweeps(), options.memoryRows(), options.memoryHeap(),
            options.compileEntities(), options.compileRuns()));
  }
}
