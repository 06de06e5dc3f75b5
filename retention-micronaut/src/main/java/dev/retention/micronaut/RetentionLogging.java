package dev.retention.micronaut;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.integration.RuntimeLogRoute;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.event.BeanPreDestroyEvent;
import io.micronaut.context.event.BeanPreDestroyEventListener;
import jakarta.annotation.PreDestroy;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * The runtime's log lines in the application's logging, as Micronaut's own lines are: its {@code System.Logger} lines,
 * which the JDK gives to {@code java.util.logging} and its two-line format, go to SLF4J instead ({@link ToSlf4j}), every
 * level, so that the application's logging configuration (logback's {@code <logger name="dev.retention">}, Micronaut's
 * {@code logger.levels.dev.retention}) decides which show. Made before the runtime, which logs as it is built, and
 * undone after it closes.
 *
 * <p>At SIGTERM, Micronaut's shutdown hook closes the context while the JDK's own hook resets
 * {@code java.util.logging}, taking the route's handler off: before the runtime closes, the route waits for that reset
 * and routes again, so that the runtime's stop line ({@code Retention stopped: ...}) is written.
 *
 * <p>Where SLF4J writes to {@code java.util.logging} itself (slf4j-jdk14), or nowhere (no provider), nothing is routed:
 * the lines stay {@code java.util.logging}'s.
 */
@Context
class RetentionLogging implements BeanPreDestroyEventListener<RetentionRuntime> {

  private final Optional<RuntimeLogRoute> route;

  RetentionLogging() {
    String slf4j = LoggerFactory.getILoggerFactory().getClass().getName();
    boolean writesItsOwn = !slf4j.startsWith("org.slf4j.jul.") && !slf4j.startsWith("org.slf4j.helpers.NOP");
    route = writesItsOwn ? Optional.of(RuntimeLogRoute.everyLevelTo(new ToSlf4j())) : Optional.empty();
  }

  @Override
  public RetentionRuntime onPreDestroy(BeanPreDestroyEvent<RetentionRuntime> event) {
    route.ifPresent(RuntimeLogRoute::renewAfterShutdownReset);
    return event.getBean();
  }

  @PreDestroy
  void close() {
    route.ifPresent(RuntimeLogRoute::close);
  }
}
