package dev.retention.spring.boot.autoconfigure;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.integration.RuntimeLogRoute;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
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
 * runs beside Spring Boot's, taking Spring Boot's bridge down: the runtime's stop line would otherwise be lost
 * ({@link RuntimeLogRoute} waits for that reset, then routes the runtime's lines here). Closing here is still before
 * the {@code EntityManagerFactory} and its pool close, so a batch in flight finishes on a live connection; closing
 * again as a bean does nothing.
 */
final class StopWhenClosing implements ApplicationListener<ContextClosedEvent>, Ordered {

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
    // Only through the handler while closing, so that a bridge the JDK has not reset yet does not log it twice.
    try (RuntimeLogRoute toSpringLogging = RuntimeLogRoute.to(new ToSpringLogging())) {
      // The reset removes every handler of every logger: one added before it would be gone by the time a sweep in
      // flight ends and the runtime says so.
      toSpringLogging.renewAfterShutdownReset();
      runtimes.orderedStream().forEach(RetentionRuntime::close);
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
