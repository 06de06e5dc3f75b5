package dev.retention.runtime.internal.pacing;

import java.util.Optional;

/**
 * Why a batch may not start now, or that it may: what a {@link ReplicaGate} or the throttle answered.
 *
 * @param cause what holds, the same from one check to the next while the same thing holds (a replica's name,
 *     {@code throttle}): the log speaks once per change of it
 * @param reason what holds and how far, in words for the log and the report; empty when nothing holds
 * @param replica the replica furthest behind that the check saw, held or not; empty when it read none
 */
public record Hold(String cause, Optional<String> reason, Optional<ReplicaLag> replica) {

  /** Nothing holds, and no replica was read. */
  public static final Hold NONE = new Hold("", Optional.empty(), Optional.empty());

  static Hold go(Optional<ReplicaLag> replica) {
    return new Hold("", Optional.empty(), replica);
  }

  static Hold by(String cause, String reason, Optional<ReplicaLag> replica) {
    return new Hold(cause, Optional.of(reason), replica);
  }

  public boolean holds() {
    return reason.isPresent();
  }
}
