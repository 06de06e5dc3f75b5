package dev.retention.it.support;

import dev.retention.runtime.RetentionRuntime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The lines a runtime logs when {@code close()} stops it, read from {@code java.util.logging}, where
 * {@code System.Logger} goes; from any thread, while open. Kept off the console.
 */
public final class StopLines implements AutoCloseable {

  private final Logger logger = Logger.getLogger(RetentionRuntime.class.getName());
  private final Level previous = logger.getLevel();
  private final boolean parentHandlers = logger.getUseParentHandlers();
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      if (record.getMessage().startsWith("Retention stopped")) {
        records.add(record);
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  private StopLines() {
    logger.setLevel(Level.INFO);
    logger.addHandler(capture);
    logger.setUseParentHandlers(false);
  }

  /** Listens from now until {@link #close()}. */
  public static StopLines listening() {
    return new StopLines();
  }

  /** The one stop line logged so far, at {@code level}. */
  public String line(Level level) {
    if (records.size() != 1) {
      throw new AssertionError("expected one stop line, got " + records.stream().map(LogRecord::getMessage).toList());
    }
    LogRecord record = records.get(0);
    if (!record.getLevel().equals(level)) {
      throw new AssertionError("expected the stop line at " + level + ": " + record.getLevel() + " "
          + record.getMessage());
    }
    return record.getMessage();
  }

  @Override
  public void close() {
    logger.removeHandler(capture);
    logger.setUseParentHandlers(parentHandlers);
    logger.setLevel(previous);
  }
}
