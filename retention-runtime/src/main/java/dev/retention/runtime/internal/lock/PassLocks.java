package dev.retention.runtime.internal.lock;

import java.util.Optional;

/**
 * The database's locks of passes, one per pass, shared by every instance on the same database. A lock lives on a
 * connection held for the sweep: released when the sweep ends, and by the database when that connection goes (an
 * instance that crashed mid-sweep holds nothing).
 */
public interface PassLocks {

  /** A lock taken; closing it releases it. */
  interface Held extends AutoCloseable {

    /** Releases the lock and gives its connection back. */
    @Override
    void close();
  }

  /**
   * Takes the lock of {@code pass} without waiting.
   *
   * @return the lock held, or empty when another session (another instance) holds it
   * @throws RuntimeException when the database could not be asked
   */
  Optional<Held> tryLock(String pass);

  /** What the start line says of it: how instances agree who sweeps a pass. */
  String describe();

  /**
   * Why the locks cannot work with the factory as it is configured, naming the settings to change: a pool smaller than
   * two connections for each sweep that may run at once, since each holds one for its lock for the whole sweep beside
   * the one its batches take. Empty when they can, or when nothing can be told in advance.
   *
   * @param concurrentSweeps how many sweeps may hold a lock at once: {@code maxConcurrentSweeps}, or the number of
   *     enabled passes when that is smaller (a pass sweeps once at a time)
   */
  default Optional<String> configurationProblem(int concurrentSweeps) {
    return Optional.empty();
  }

  /** No lock: every instance sweeps every pass (H2, and databases with no session lock the runtime knows). */
  PassLocks NONE = new PassLocks() {
    private final Held nothing = () -> {};

    @Override
    public Optional<Held> tryLock(String pass) {
      return Optional.of(nothing);
    }

    @Override
    public String describe() {
      return "every instance sweeps every pass, skipping rows another holds";
    }
  };
}
