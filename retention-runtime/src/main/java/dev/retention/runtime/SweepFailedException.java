package dev.retention.runtime;

import java.time.Instant;

/**
 * A sweep ended early: a {@link SweepReport#failure() report's failure}. The message names the pass, the step (the
 * batch, the dry-run count, the lag) and the cutoff; the cause says why.
 */
public final class SweepFailedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * @param pass the pass's name
   * @param step what the sweep was doing, for example {@code "batch 3"}
   * @param cutoff the sweep's cutoff
   * @param cause why it failed
   */
  public SweepFailedException(String pass, String step, Instant cutoff, Throwable cause) {
    super("Sweep of " + pass + " failed in " + step + " (cutoff " + cutoff + "): " + cause, cause);
  }
}
