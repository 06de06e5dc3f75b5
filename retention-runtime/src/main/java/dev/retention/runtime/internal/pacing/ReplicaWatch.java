package dev.retention.runtime.internal.pacing;

import java.time.Duration;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;

/**
 * The runtime's one view of its replicas, shared by every pass's {@link ReplicaGate}: a reading younger than a gate asks
 * for is handed out again instead of querying once more, and two readings in a row give the rate the primary writes
 * WAL at, from which a gate judges how soon a replica far below its limit may reach it. Thread-safe.
 */
public final class ReplicaWatch {

  /** A reading and when it was taken, by the monotonic source. */
  public record Timed(ReplicaReading reading, long atNanos) {}

  /** How fast the rate remembered falls when less is written: halved each minute. */
  static final Duration RATE_HALF_LIFE = Duration.ofMinutes(1);

  private final ReplicaReader reader;
  private @Nullable Timed last;
  /** WAL bytes written a nanosecond, by the last two readings that had a write position; negative while unknown. */
  private double bytesPerNano = -1;

  public ReplicaWatch(ReplicaReader reader) {
    this.reader = reader;
  }

  public ReplicaReader reader() {
    return reader;
  }

  /**
   * The latest reading when it is at most {@code maxAgeNanos} old at {@code nowNanos}; otherwise a new one.
   *
   * @throws RuntimeException when a new reading fails
   */
  public synchronized Timed reading(long nowNanos, long maxAgeNanos) {
    Timed previous = last;
    if (previous != null && nowNanos - previous.atNanos() <= maxAgeNanos) {
      return previous;
    }
    Timed now = new Timed(reader.read(), nowNanos);
    if (previous != null && now.reading().writePosition().isPresent()
        && previous.reading().writePosition().isPresent() && now.atNanos() > previous.atNanos()) {
      long elapsed = now.atNanos() - previous.atNanos();
      long written = now.reading().writePosition().getAsLong() - previous.reading().writePosition().getAsLong();
      double measured = Math.max(0, written) / (double) elapsed;
      // The fastest rate seen lately, not the last: between two readings of a held sweep nothing is written, and the
      // rate of that pause would trust the next reading for a second while the drain writes at full speed again.
      double decayed = bytesPerNano < 0 ? measured
          : bytesPerNano * Math.pow(0.5, elapsed / (double) RATE_HALF_LIFE.toNanos());
      bytesPerNano = Math.max(measured, decayed);
    }
    last = now;
    return now;
  }

  /** How fast the primary wrote WAL between the last two readings, in bytes a nanosecond; empty while unknown. */
  public synchronized OptionalDouble bytesPerNano() {
    return bytesPerNano < 0 ? OptionalDouble.empty() : OptionalDouble.of(bytesPerNano);
  }
}
