package dev.retention.it.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The warnings a test provokes on purpose (a window shortened to zero, a before-delete hook that fails, a sweep held by
 * the throttle), kept off the console so that the build's output shows only what nobody expected, and asserted, so that
 * a warning that no longer comes fails the test. Every other warning prints as before.
 *
 * <pre>{@code
 * @RegisterExtension
 * final ExpectedWarnings warnings = ExpectedWarnings.of("dev.retention")
 *     .allow("Retention window of .* shortened to ")   // may come in any test of the class
 *     .expectInEachTest("Sweep listener .* has not returned from ");   // must come in each
 *
 * @Test
 * void aFailingHookFailsItsBatch() {
 *   warnings.expect("failed: .*BeforeDeleteFailedException");   // must come in this test
 *   ...
 * }
 * }</pre>
 *
 * <p>A pattern is a regular expression found anywhere in a record's message (then its exception, as the console prints
 * it), at WARNING or above, from the named logger or one below it; a test that failed or was skipped is not asked for
 * its expected warnings. What the console leaves out is still kept with the test's other records and printed if the
 * test fails ({@link QuietLogs}); {@code -Dtest.logs=verbose} prints it all. {@link #messages()} has every warning of
 * the test, expected or not, for a test that asserts on them.
 */
public final class ExpectedWarnings implements BeforeEachCallback, AfterEachCallback {

  /**
   * The longest the end of a test waits for an expected warning not logged yet: listeners log on threads of their own,
   * a little after the sweep returns. Spent only when one is missing, so far above the milliseconds they take.
   */
  private static final Duration PATIENCE = Duration.ofSeconds(60);

  private final String loggerName;
  private final List<Pattern> allowed = new ArrayList<>();
  private final List<Pattern> inEachTest = new ArrayList<>();
  private final List<Pattern> expected = new CopyOnWriteArrayList<>();
  private final List<String> messages = new CopyOnWriteArrayList<>();
  /** Each warning's message then its exception, as the console prints them: what the patterns are found in. */
  private final List<String> texts = new CopyOnWriteArrayList<>();
  private final SimpleFormatter formatter = new SimpleFormatter();
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      if (isWarning(record)) {
        synchronized (messages) {
          messages.add(formatter.formatMessage(record));
          texts.add(text(record));
          messages.notifyAll();
        }
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };
  private Logger logger;
  private Runnable console;

  private ExpectedWarnings(String loggerName) {
    this.loggerName = loggerName;
  }

  /** Expected warnings of the logger {@code loggerName} and those below it ({@code dev.retention}: the runtime's). */
  public static ExpectedWarnings of(String loggerName) {
    return new ExpectedWarnings(loggerName);
  }

  /** Warnings matching {@code pattern} may come in any test of the class: off the console, not asserted. */
  public ExpectedWarnings allow(String pattern) {
    allowed.add(Pattern.compile(pattern));
    return this;
  }

  /**
   * A warning matching {@code pattern} must come in every test of the class: off the console, and each test fails at
   * its end when none came.
   */
  public ExpectedWarnings expectInEachTest(String pattern) {
    inEachTest.add(Pattern.compile(pattern));
    return this;
  }

  /**
   * A warning matching {@code pattern} must come in the running test: off the console, and the test fails at its end
   * when none came.
   */
  public ExpectedWarnings expect(String pattern) {
    expected.add(Pattern.compile(pattern));
    return this;
  }

  /** The messages the named logger logged at WARNING or above in the running test so far, in order. */
  public List<String> messages() {
    return messages;
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    messages.clear();
    texts.clear();
    expected.clear();
    expected.addAll(inEachTest);
    logger = Logger.getLogger(loggerName);
    logger.addHandler(capture);
    console = QuietLogs.keepOffTheConsole(this::isExpected);
  }

  @Override
  public void afterEach(ExtensionContext context) throws InterruptedException {
    try {
      if (context.getExecutionException().isPresent()) {
        return; // the test failed or was skipped: that is what it reports, not the warnings it did not reach
      }
      List<Pattern> missing = awaitExpected();
      if (!missing.isEmpty()) {
        throw new AssertionError("expected warnings of " + loggerName + " matching " + missing
            + " that did not come within " + PATIENCE.toSeconds() + " s; its warnings: " + messages);
      }
    } finally {
      logger.removeHandler(capture);
      console.run();
    }
  }

  private List<Pattern> awaitExpected() throws InterruptedException {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    synchronized (messages) {
      while (true) {
        List<Pattern> missing = expected.stream()
            .filter(pattern -> texts.stream().noneMatch(text -> pattern.matcher(text).find())).toList();
        long left = deadline - System.nanoTime();
        if (missing.isEmpty() || left <= 0) {
          return missing;
        }
        // A listener's thread has not logged it yet: woken by the next warning, or at the deadline.
        messages.wait(Math.max(1, left / 1_000_000));
      }
    }
  }

  private boolean isExpected(LogRecord record) {
    if (!isWarning(record) || record.getLoggerName() == null
        || !(record.getLoggerName().equals(loggerName) || record.getLoggerName().startsWith(loggerName + "."))) {
      return false;
    }
    String message = text(record);
    return allowed.stream().anyMatch(pattern -> pattern.matcher(message).find())
        || expected.stream().anyMatch(pattern -> pattern.matcher(message).find());
  }

  /** The record's message, then its exception as the console prints it: a pattern may name either. */
  private String text(LogRecord record) {
    return formatter.formatMessage(record) + (record.getThrown() == null ? "" : " [" + record.getThrown() + "]");
  }

  private static boolean isWarning(LogRecord record) {
    return record.getLevel().intValue() >= Level.WARNING.intValue();
  }

  @Override
  public String toString() {
    return messages.toString();
  }
}
