package dev.retention.runtime.internal.schedule;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The default threads of one runtime's background sweeps: daemons, so the JVM can exit without closing the runtime,
 * named {@code retention-<runtime>-sweeper-<n>}, so that two runtimes in one JVM are told apart in a thread dump.
 */
public final class SweeperThreads implements ThreadFactory {

  private static final AtomicInteger RUNTIMES = new AtomicInteger();

  private final String prefix = "retention-" + RUNTIMES.incrementAndGet() + "-sweeper-";
  private final AtomicInteger threads = new AtomicInteger();

  @Override
  public Thread newThread(Runnable work) {
    Thread thread = new Thread(work, prefix + threads.incrementAndGet());
    thread.setDaemon(true);
    return thread;
  }
}
