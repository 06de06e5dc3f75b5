package dev.retention.runtime.internal.pacing;

import java.lang.System.Logger.Level;

/**
 * What the log says of one pass's holds: a line when something starts holding it (or something else does), a WARNING
 * when a sweep first gives up waiting (the sweeps that give up after it while the hold lasts, at DEBUG), and a line when
 * a whole sweep ran unheld after a hold; never a line a batch.
 */
final class HoldLog {

  private static final System.Logger LOGGER = System.getLogger(Pacing.class.getName());

  private final String pass;
  /** What held the pass last, as {@link Hold#cause()}; empty while nothing does. */
  private String heldBy = "";
  /** Whether a sweep gave up waiting since the pass was last free. */
  private boolean gaveUp;

  HoldLog(String pass) {
    this.pass = pass;
  }

  synchronized void held(Hold hold) {
    if (hold.cause().equals(heldBy)) {
      return;
    }
    heldBy = hold.cause();
    LOGGER.log(Level.INFO, () -> "Sweeps of " + pass + " held: " + hold.reason().orElse(hold.cause()));
  }

  synchronized void gaveUp(Paced paced) {
    Level level = gaveUp ? Level.DEBUG : Level.WARNING;
    gaveUp = true;
    LOGGER.log(level, () -> "A sweep of " + pass + " waited " + paced.held().toMillis() + " ms and ends with"
        + " work remaining: " + paced.heldBy().orElse("held"));
  }

  synchronized void sweepEnded(Paced paced) {
    if (heldBy.isEmpty() || paced.wasHeld()) {
      return;
    }
    heldBy = "";
    gaveUp = false;
    LOGGER.log(Level.INFO, () -> "Sweeps of " + pass + " no longer held");
  }
}
