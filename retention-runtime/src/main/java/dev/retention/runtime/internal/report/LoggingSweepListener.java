package dev.retention.runtime.internal.report;

import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;

/**
 * Logs each sweep to {@code System.Logger} {@code dev.retention}: INFO when it deleted rows (or would have, in a dry
 * run), DEBUG when it found nothing or was skipped (another instance was sweeping the pass), WARNING when it failed.
 */
public final class LoggingSweepListener implements SweepListener {

  /** The logger sweep reports go to; the runtime's other lines go to loggers named after their classes, below it. */
  private static final Logger LOGGER = System.getLogger("dev.retention");

  @Override
  public void sweepFinished(SweepReport report) {
    if (report.failure().isPresent()) {
      LOGGER.log(Level.WARNING, report.toString(), report.failure().get());
    } else if (report.deleted() > 0) {
      LOGGER.log(Level.INFO, report::toString);
    } else {
      LOGGER.log(Level.DEBUG, report::toString);
    }
  }
}
