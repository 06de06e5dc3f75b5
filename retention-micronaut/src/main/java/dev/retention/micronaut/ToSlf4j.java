package dev.retention.micronaut;

import dev.retention.runtime.integration.RuntimeLogRoute;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each record of the runtime's loggers to the SLF4J logger of the same name, which Micronaut's logging (logback
 * by default) formats and writes, at the level SLF4J enables for that name: {@code System.Logger}'s TRACE and DEBUG
 * ({@code java.util.logging}'s FINER and FINE) are SLF4J's TRACE and DEBUG, and so on. It keeps working after
 * {@link #close()}, which the JDK's reset of {@code java.util.logging} calls at JVM shutdown.
 */
final class ToSlf4j extends Handler {

  /** Only for {@code formatMessage}: a record's parameters and resource bundle, not the JDK's two-line layout. */
  private final Formatter messages = new SimpleFormatter();

  @Override
  public void publish(LogRecord record) {
    Logger log = LoggerFactory.getLogger(
        record.getLoggerName() != null ? record.getLoggerName() : RuntimeLogRoute.RUNTIME_LOGGERS);
    int level = record.getLevel().intValue();
    Throwable thrown = record.getThrown();
    if (level >= Level.SEVERE.intValue()) {
      if (log.isErrorEnabled()) {
        log.error(messages.formatMessage(record), thrown);
      }
    } else if (level >= Level.WARNING.intValue()) {
      if (log.isWarnEnabled()) {
        log.warn(messages.formatMessage(record), thrown);
      }
    } else if (level >= Level.INFO.intValue()) {
      if (log.isInfoEnabled()) {
        log.info(messages.formatMessage(record), thrown);
      }
    } else if (level >= Level.FINE.intValue()) {
      if (log.isDebugEnabled()) {
        log.debug(messages.formatMessage(record), thrown);
      }
    } else if (log.isTraceEnabled()) {
      log.trace(messages.formatMessage(record), thrown);
    }
  }

  @Override
  public void flush() {}

  @Override
  public void close() {}
}
