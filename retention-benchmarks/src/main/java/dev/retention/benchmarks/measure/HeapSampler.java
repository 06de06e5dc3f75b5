package dev.retention.benchmarks.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * Samples the heap in use every few milliseconds on a thread of its own and keeps the peak. Heap in use includes
 * garbage not yet collected, so the peak is an upper bound of what the drain needed; it also includes the foreground
 * load's objects and, on H2, the embedded database's page cache.
 */
public final class HeapSampler implements AutoCloseable {

  private static final long INTERVAL_MILLIS = 5;

  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final Thread thread;
  private final long baseline;
  private volatile boolean running = true;
  private volatile long peak;

  private HeapSampler() {
    baseline = memory.getHeapMemoryUsage().getUsed();
    peak = baseline;
    thread = new Thread(this::sample, "heap-sampler");
    thread.setDaemon(true);
  }

  /** Collects garbage so the baseline is what stays live, then starts sampling. */
  public static HeapSampler start() {
    System.gc();
    HeapSampler sampler = new HeapSampler();
    sampler.thread.start();
    return sampler;
  }

  private void sample() {
    while (running) {
      peak = Math.max(peak, memory.getHeapMemoryUsage().getUsed());
      try {
        Thread.sleep(INTERVAL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Heap in use after a full collection, before sampling began. */
  public long baselineBytes() {
    return baseline;
  }

  public long peakBytes() {
    return peak;
  }

  /** The largest heap the JVM may use ({@code -Xmx}). */
  public long maxBytes() {
    return memory.getHeapMemoryUsage().getMax();
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    thread.join();
    peak = Math.max(peak, memory.getHeapMemoryUsage().getUsed());
  }
}
