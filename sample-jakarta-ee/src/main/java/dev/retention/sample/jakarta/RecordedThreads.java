package dev.retention.sample.jakarta;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;

/**
 * The container's thread factory, remembering the threads it made for the runtime: the container names them its own
 * way, and the sample shows which of them sweep, and that none is left once the runtime is closed.
 */
final class RecordedThreads implements ThreadFactory {

  private final ThreadFactory container;
  private final List<Thread> made = new CopyOnWriteArrayList<>();

  RecordedThreads(ThreadFactory container) {
    this.container = container;
  }

  @Override
  public Thread newThread(Runnable work) {
    Thread thread = container.newThread(work);
    made.add(thread);
    return thread;
  }

  /** The names of the threads made so far that are still alive. */
  List<String> alive() {
    return made.stream().filter(Thread::isAlive).map(Thread::getName).toList();
  }

  /** Waits up to {@code millis} in all for the threads made so far to end; the names of those still alive. */
  List<String> awaitEnd(long millis) throws InterruptedException {
    long deadline = System.currentTimeMillis() + millis;
    for (Thread thread : made) {
      thread.join(Math.max(1, deadline - System.currentTimeMillis()));
    }
    return alive();
  }
}
