package dev.retention.runtime.integration;

import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Sends the runtime's log lines to a {@code java.util.logging} handler of an integration's, which hands them to the
 * framework's logging (SLF4J, commons-logging), until closed.
 *
 * <p>The runtime logs through {@code System.Logger}, which the JDK sends to {@code java.util.logging} unless a
 * {@code System.LoggerFinder} of the application's takes it; every logger of the runtime is named below
 * {@value #RUNTIME_LOGGERS}. A route adds its handler to that logger and stops it from passing records up to the
 * root's handlers (the JDK's console, or a bridge of the application's, which would log each line twice); closing it
 * restores the logger as it found it. With a {@code System.LoggerFinder} of the application's, no record reaches the route, and
 * it changes nothing.
 *
 * <p>At JVM shutdown (SIGTERM) the JDK resets {@code java.util.logging} in a shutdown hook of its own, which runs beside
 * the framework's: it takes every handler off every logger, this route's too, in no set order, so a line the runtime
 * logs as it closes (its stop line) would be lost. {@link #renewAfterShutdownReset()}, called before closing the
 * runtime, waits for that reset to end and routes again.
 */
public final class RuntimeLogRoute implements AutoCloseable {

  /** The parent of every logger of the runtime. */
  public static final String RUNTIME_LOGGERS = "dev.retention";

  /** The longest wait for the JDK's reset of {@code java.util.logging} at JVM shutdown; it takes milliseconds. */
  private static final Duration LONGEST_RESET_WAIT = Duration.ofSeconds(1);
  /** The JDK's shutdown hook that resets {@code java.util.logging} (JDK 17 to 25). */
  private static final String LOGGING_RESET_THREAD = "java.util.logging.LogManager$Cleaner";

  /** Held here: {@code java.util.logging} keeps loggers weakly; a handler on a dropped logger would hear nothing. */
  private final Logger runtimeLoggers;
  private final Handler handler;
  private final Optional<Level> level;
  private final boolean previousUseParentHandlers;
  private final Level previousLevel;

  private RuntimeLogRoute(Handler handler, Optional<Level> level) {
    this.runtimeLoggers = Logger.getLogger(RUNTIME_LOGGERS);
    this.handler = Objects.requireNonNull(handler, "handler");
    this.level = level;
    this.previousUseParentHandlers = runtimeLoggers.getUseParentHandlers();
    this.previousLevel = runtimeLoggers.getLevel();
    route();
  }

  /**
   * Routes the runtime's lines to {@code handler} alone, at the levels {@code java.util.logging} is configured with (by
   * default INFO and above). The handler must go on working after its {@code close()}, which the JDK's reset calls.
   */
  public static RuntimeLogRoute to(Handler handler) {
    return new RuntimeLogRoute(handler, Optional.empty());
  }

  /**
   * Routes every line of the runtime, whatever its level, to {@code handler} alone, which decides by the levels of the
   * framework's logging: a DEBUG line then shows where the application's logging configuration asks for it. The
   * handler must go on working after its {@code close()}, which the JDK's reset calls.
   */
  public static RuntimeLogRoute everyLevelTo(Handler handler) {
    return new RuntimeLogRoute(handler, Optional.of(Level.ALL));
  }

  /**
   * When the JVM is shutting down, waits (up to a second) until the JDK's shutdown hook has reset
   * {@code java.util.logging}, then routes again, so that what the runtime logs as it closes reaches the handler.
   * Returns at once otherwise.
   */
  public void renewAfterShutdownReset() {
    if (jvmShuttingDown()) {
      awaitLoggingReset();
      route();
    }
  }

  /** Takes the handler off, and gives the runtime's loggers back their level and their parents' handlers. */
  @Override
  public void close() {
    runtimeLoggers.removeHandler(handler);
    runtimeLoggers.setUseParentHandlers(previousUseParentHandlers);
    if (level.isPresent()) {
      runtimeLoggers.setLevel(previousLevel);
    }
  }

  private void route() {
    if (Arrays.stream(runtimeLoggers.getHandlers()).noneMatch(handler::equals)) {
      runtimeLoggers.addHandler(handler);
    }
    runtimeLoggers.setUseParentHandlers(false);
    level.ifPresent(runtimeLoggers::setLevel);
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
}
