package dev.retention.runtime.internal.pacing;

import java.time.Duration;
import java.util.Optional;

/**
 * What pacing did to a sweep, or to one batch's start: how long it held it and why, and the replica furthest behind
 * that it saw last. Folded over the batches of a sweep by {@link #plus}.
 *
 * @param held how long batches waited for a replica or the throttle (never the rate limit's pacing)
 * @param heldBy why, the latest reason that held
 * @param replica the replica furthest behind at the latest reading, held or not
 */
public record Paced(Duration held, Optional<String> heldBy, Optional<ReplicaLag> replica) {

  /** Nothing paced. */
  public static final Paced NONE = new Paced(Duration.ZERO, Optional.empty(), Optional.empty());

  /** This, then {@code later}: holds add up; the later reason and reading count. */
  public Paced plus(Paced later) {
    return new Paced(held.plus(later.held), later.heldBy.or(() -> heldBy), later.replica.or(() -> replica));
  }

  public boolean wasHeld() {
    return heldBy.isPresent();
  }
}
