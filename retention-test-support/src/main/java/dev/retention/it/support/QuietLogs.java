package dev.retention.it.support;

import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Keeps the build's output readable: the console shows the runtime's warnings and everyone's errors (not, say, the
 * providers' warning about their built-in connection pool, once per factory), while every record at INFO and above
 * (the sweep reports, the providers' start-up lines) is kept in memory, and printed when a test fails, so a failing
 * test still shows its sweep log. Registered for every test of a module that has this jar on its class path (JUnit's
 * extension auto-detection, switched on by this jar's {@code junit-platform.properties}).
 *
 * <p>A test that provokes warnings on purpose keeps them off the console with {@link ExpectedWarnings}, which asserts
 * they came; they stay in the kept records, so a failing test still shows them, and every other warning still prints.
 *
 * <p>{@code -Dtest.logs=verbose} prints everything as it happens, as before, the expected warnings included.
 */
public final class QuietLogs implements BeforeEachCallback, TestWatcher {

  /** The most records kept for one test: its last ones, which say what went wrong. */
  private static final int KEPT = 2_000;
  /** The records the console leaves out while a test runs: those its {@link ExpectedWarnings} expect. */
  private static final List<Predicate<LogRecord>> OFF_THE_CONSOLE = new CopyOnWriteArrayList<>();
  private static final Buffer BUFFER = install();

  /**
   * Leaves the records {@code which} matches off the console (they are still kept, and printed if the test fails),
   * until the returned action runs. Nothing is left out with {@code -Dtest.logs=verbose}.
   */
  static Runnable keepOffTheConsole(Predicate<LogRecord> which) {
    OFF_THE_CONSOLE.add(which);
    return () -> OFF_THE_CONSOLE.remove(which);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    if (BUFFER != null) {
      BUFFER.clear();
    }
  }

  @Override
  public void testFailed(ExtensionContext context, Throwable cause) {
    if (BUFFER == null) {
      return;
    }
    List<String> lines = BUFFER.drain();
    PrintStream out = System.out;
    out.println("---- log of " + context.getDisplayName() + " in " + context.getRequiredTestClass().getSimpleName()
        + ", which failed (" + lines.size() + " records) ----");
    lines.forEach(out::print);
    out.println("---- end of the log ----");
  }

  private static Buffer install() {
    if ("verbose".equals(System.getProperty("test.logs"))) {
      return null;
    }
    Logger root = LogManager.getLogManager().getLogger("");
    for (Handler handler : root.getHandlers()) {
      if (handler instanceof ConsoleHandler) {
        handler.setLevel(Level.WARNING);
        handler.setFilter(record -> (record.getLevel().intValue() >= Level.SEVERE.intValue()
            || (record.getLoggerName() != null && record.getLoggerName().startsWith("dev.retention")))
            && OFF_THE_CONSOLE.stream().noneMatch(expected -> expected.test(record)));
        handler.setFormatter(new OneLine());
      }
    }
    Buffer buffer = new Buffer();
    buffer.setLevel(Level.INFO);
    root.addHandler(buffer);
    return buffer;
  }

  /** One line a record on the console, the exception by its message; the failed test's log has the stack. */
  private static final class OneLine extends Formatter {
    @Override
    public String format(LogRecord record) {
      String thrown = record.getThrown() == null ? "" : " [" + record.getThrown() + "]";
      return record.getLevel() + " " + record.getLoggerName() + ": " + formatMessage(record) + thrown
          + System.lineSeparator();
    }
  }

  /** The last records, formatted as the console would have printed them. */
  private static final class Buffer extends Handler {
    private final SimpleFormatter formatter = new SimpleFormatter();
    private final Deque<String> lines = new ArrayDeque<>();

    @Override
    public synchronized void publish(LogRecord record) {
      if (!isLoggable(record)) {
        return;
      }
      if (lines.size() == KEPT) {
        lines.removeFirst();
      }
      lines.addLast(formatter.format(record));
    }

    synchronized void clear() {
      lines.clear();
    }

    synchronized List<String> drain() {
      List<String> copy = new ArrayList<>(lines);
      lines.clear();
      return copy;
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }
}
