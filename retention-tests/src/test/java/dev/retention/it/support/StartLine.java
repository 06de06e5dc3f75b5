package dev.retention.it.support;

import dev.retention.runtime.RetentionRuntime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The line a runtime logs when it starts, read from {@code java.util.logging}, where {@code System.Logger} goes. */
public final class StartLine {

  private StartLine() {}

  /** Starts the runtime, closes it, and returns what it logged at start. */
  public static String of(RetentionRuntime retention) {
    return record(retention).getMessage();
  }

  /** Starts the runtime, closes it, and returns the record of its start line: the text and the level. */
  public static LogRecord record(RetentionRuntime retention) {
    Logger logger = Logger.getLogger(RetentionRuntime.class.getName());
    List<LogRecord> lines = new CopyOnWriteArrayList<>();
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord record) {
        if (record.getMessage().startsWith("Retention started")) {
          lines.add(record);
        }
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    Level previous = logger.getLevel();
    logger.setLevel(Level.INFO);
    logger.addHandler(capture);
    try {
      retention.start();
      retention.close();
    } finally {
      logger.removeHandler(capture);
      logger.setLevel(previous);
    }
    if (lines.size() != 1) {
      throw new AssertionError("expected one start line, got " + lines.stream().map(LogRecord::getMessage).toList());
    }
    return lines.get(0);
  }
}
