package dev.retention.spring.boot.autoconfigure;

import dev.retention.runtime.RetentionRuntime;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.Ordered;

/**
 * Closes the runtimes as the application context begins to close (on SIGTERM, through Spring Boot's shutdown hook),
 * with what they log meanwhile routed through Spring's logging. The runtime logs through {@code System.Logger}, which
 * goes to {@code java.util.logging}, and the JDK resets {@code java.util.logging} in a shutdown hook of its own that
 * runs beside Spring Boot's, taking Spring Boot's bridge down: the runtime's stop line would otherwise be lost. Closing
 * here is still before the {@code EntityManagerFactory} and its pool close, so a batch in flight finishes on a live
 * connection; closing again as a bean does nothing.
 */
final class StopWhenClosing implements ApplicationListener<ContextClosedEvent>, Ordered {

  /** The parent of every logger of the runtime. */
  private static final String RUNTIME_LOGGERS = "dev.retention";
  /** The longest wait for the JDK's reset of {@code java.util.logging} at JVM shutdown; it takes milliseconds. */
  private static final Duration LONGEST_RESET_WAIT = Duration.ofSeconds(1);
  /** The JDK's shutdown hook that resets {@code java.util.logging} (JDK 17 to 25). */
  private static final String LOGGING_RESET_THREAD = "java.util.logging.LogManager$Cleaner";

  private final ApplicationContext context;
  private final ObjectProvider<RetentionRuntime> runtimes;

  StopWhenClosing(ApplicationContext context, ObjectProvider<RetentionRuntime> runtimes) {
    this.context = context;
    this.runtimes = runtimes;
  }

  @Override
  public void onApplicationEvent(ContextClosedEvent event) {
    // A child context (the actuator's on a port of its own) closing is not the application stopping.
    if (event.getApplicationContext() != context) {
      return;
    }
    if (jvmShuttingDown()) {
      // The reset removes every handler of every logger: one added before it would be gone by the time a sweep in
      // flight ends and the runtime says so.
      awaitLoggingReset();
    }
    Logger runtimeLoggers = Logger.getLogger(RUNTIME_LOGGERS);
    boolean useParentHandlers = runtimeLoggers.getUseParentHandlers();
    Handler toSpringLogging = new ToSpringLogging();
    // Only through the handler while closing, so that a bridge the JDK has not reset yet does not log it twice.
    runtimeLoggers.addHandler(toSpringLogging);
    runtimeLoggers.setUseParentHandlers(false);
    try {
      runtimes.orderedStream().forEach(RetentionRuntime::close);
    } finally {
      runtimeLoggers.removeHandler(toSpringLogging);
      runtimeLoggers.setUseParentHandlers(useParentHandlers);
    }
  }

  /** Whether the JVM runs its shutdown hooks (SIGTERM), when no hook can be added any more. */
  private static boolean jvmShuttingDown() {
    Thread probe = new Thread(() -> {});
    try {
      Runtime.getRuntime().addShutdownHook(probe);
    } catch (IllegalStateException shutdownInProgress) {
      return true;
    }
    Runtime.getRuntime().removeShutdownHook(probe);
    return false;
  }

  /**
   * Waits, boundedly, until the JDK's shutdown hook has reset {@code java.util.logging}: the root has no handler, and
   * the hook's thread has ended. The reset takes every logger's handlers, one logger after another in no set order, so
   * a handler added once the root's are gone could still be taken (a CI run lost the stop line so, once in four).
   */
  private static void awaitLoggingReset() {
    Logger root = Logger.getLogger("");
    long deadline = System.nanoTime() + LONGEST_RESET_WAIT.toNanos();
    while (root.getHandlers().length > 0 && System.nanoTime() - deadline < 0) {
      LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
    }
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getClass().getName().equals(LOGGING_RESET_THREAD)) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        try {
          thread.join(Math.max(1, left));
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  @Override
  public int getOrder() {
    // Before LoggingApplicationListener (HIGHEST_PRECEDENCE + 20), which cleans the logging system up at this event.
    return Ordered.HIGHEST_PRECEDENCE;
  }

  /** Hands each record to the commons-logging log of its logger's name, which Spring Boot's logging system serves. */
  private static final class ToSpringLogging extends Handler {

    @Override
    public void publish(LogRecord record) {
      Log log = LogFactory.getLog(record.getLoggerName());
      int level = record.getLevel().intValue();
      String message = record.getMessage();
      if (level >= Level.SEVERE.intValue()) {
        log.error(message, record.getThrown());
      } else if (level >= Level.WARNING.intValue()) {
        log.warn(message, record.getThrown());
      } else if (level >= Level.INFO.intValue()) {
        log.info(message, record.getThrown());
      } else {
        log.debug(message, record.getThrown());
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }
}
