package dev.retention.it.support;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The runtime's warnings during one test, kept off the console: the ones a test expects it asserts, the others it can
 * show on failure. Register it with {@code @RegisterExtension}; it listens to the {@code dev.retention} loggers from
 * before each test to after it.
 */
public final class RuntimeWarnings implements BeforeEachCallback, AfterEachCallback {

  private final Logger runtimeLog = Logger.getLogger("dev.retention");
  private final List<String> messages = new CopyOnWriteArrayList<>();
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
        messages.add(record.getMessage());
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  @Override
  public void beforeEach(ExtensionContext context) {
    messages.clear();
    runtimeLog.addHandler(capture);
    runtimeLog.setUseParentHandlers(false);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    runtimeLog.removeHandler(capture);
    runtimeLog.setUseParentHandlers(true);
  }

  /** The messages logged at WARNING or above so far, in order. */
  public List<String> messages() {
    return messages;
  }

  @Override
  public String toString() {
    return messages.toString();
  }
}
