package dev.retention.benchmarks.report;

/**
 * A drain of a large backlog in a JVM of its own with a small heap.
 *
 * @param database the database's key
 * @param heapLimit the {@code -Xmx} given to that JVM
 * @param exitCode its exit status: 0 when every drain succeeded
 * @param drain the drain it measured, when it got that far; null otherwise
 */
public record MemoryResult(String database, String heapLimit, int exitCode, DrainResult drain) {

  public boolean drained() {
    return exitCode == 0 && drain != null && drain.succeeded();
  }
}
