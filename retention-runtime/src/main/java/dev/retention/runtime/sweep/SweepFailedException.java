package dev.retention.runtime.sweep;

import java.time.Instant;

/** A sweep ended early; the message names the pass, the batch and the cutoff, the cause says why. */
public final class SweepFailedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  SweepFailedException(String pass, String step, Instant cutoff, Throwable cause) {
    super("Sweep of " + pass + " failed in " + step + " (cutoff " + cutoff + "): " + cause, cause);
  }
}
