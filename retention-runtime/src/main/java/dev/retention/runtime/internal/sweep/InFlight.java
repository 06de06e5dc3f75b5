package dev.retention.runtime.internal.sweep;

import dev.retention.runtime.SweepInFlight;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The sweep of all of one pass's rows under way, as far as it has got ({@link SweepInFlight}): written by the thread
 * that sweeps (one at a time: the {@link Sweeper} runs one such sweep of its pass at a time), read by any.
 */
final class InFlight {

  private volatile @Nullable SweepInFlight sweep;

  /** A sweep of {@code pass} began at {@code startedAt}, against {@code cutoff}. */
  void started(String pass, Instant startedAt, Instant cutoff) {
    sweep = new SweepInFlight(pass, startedAt, cutoff, 0, 0);
  }

  /** A batch of the sweep under way committed, having deleted {@code rows}; nothing when none is under way. */
  void batchCommitted(int rows) {
    SweepInFlight now = sweep;
    if (now != null) {
      sweep = now.plusBatch(rows);
    }
  }

  /** The sweep ended. */
  void ended() {
    sweep = null;
  }

  Optional<SweepInFlight> now() {
    return Optional.ofNullable(sweep);
  }
}
