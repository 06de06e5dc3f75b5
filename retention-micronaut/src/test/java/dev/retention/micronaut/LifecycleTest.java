package dev.retention.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;

import dev.retention.micrometer.MicrometerSweepListener;
import dev.retention.micronaut.model.FixedClock;
import dev.retention.runtime.RetentionRuntime;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.ApplicationContext;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The runtime is a bean of the context: built when it starts, sweeping in the background once it has, its sweeps in
 * the application's {@code MeterRegistry}, its lines in the application's logging, and closed with it, its threads
 * gone.
 */
class LifecycleTest {

  private static final long THREAD_STOP_MILLIS = 30_000;

  private final TestApplication application = new TestApplication();

  @Test
  void theSweepersStartWithTheContextAndTheirThreadsStopWhenItCloses() throws Exception {
    ApplicationContext context = application.start(Map.of());
    RetentionRuntime runtime = context.getBean(RetentionRuntime.class);
    List<Thread> sweepers;
    try {
      sweepers = sweeperThreads();
      assertFalse(sweepers.isEmpty(), "the background sweepers started with the context");
    } finally {
      context.close();
    }
    for (Thread sweeper : sweepers) {
      sweeper.join(THREAD_STOP_MILLIS);
      assertFalse(sweeper.isAlive(), () -> sweeper.getName() + " still runs after the context closed");
    }
    assertThrows(IllegalStateException.class, runtime::start, "the runtime was closed with the context");
  }

  @Test
  void eachSweepIsRecordedInTheApplicationsMeterRegistry() throws Exception {
    try (ApplicationContext context = application.start(Map.of())) {
      application.insert(1, FixedClock.NOW.minusSeconds(60));
      application.insert(2, FixedClock.NOW.minusSeconds(1));
      application.insert(3, FixedClock.NOW.plusSeconds(60));

      context.getBean(RetentionRuntime.class).sweep(TestApplication.PASS);

      assertEquals(1, application.count(), "the live row is kept");
      MeterRegistry registry = context.getBean(MeterRegistry.class);
      assertEquals(2, registry.get(MicrometerSweepListener.ROWS_DELETED).tag("pass", TestApplication.PASS).counter()
          .count());
      assertEquals(1, registry.get(MicrometerSweepListener.PASS_INFO).tag("pass", TestApplication.PASS).gauge().value(),
          "made when the runtime was built, before its first sweep");
      assertEquals(0, registry.get(MicrometerSweepListener.CONSECUTIVE_FAILURES).tag("pass", TestApplication.PASS)
          .gauge().value());
    }
  }

  @Test
  void theRuntimesLinesAreTheApplicationsLoggingsFromItsStartLineToItsStopLineAtTheLevelsItSets() throws Exception {
    // As an application's logback.xml would say <logger name="dev.retention" level="DEBUG"/>; only here, not on the
    // console.
    Logger retention = (Logger) LoggerFactory.getLogger("dev.retention");
    Level level = retention.getLevel();
    boolean additive = retention.isAdditive();
    ListAppender<ILoggingEvent> logback = new ListAppender<>();
    logback.start();
    retention.addAppender(logback);
    retention.setAdditive(false);
    retention.setLevel(Level.DEBUG);
    java.util.logging.Logger jul = java.util.logging.Logger.getLogger("dev.retention");
    try {
      try (ApplicationContext context = application.start(Map.of())) {
        assertFalse(jul.getUseParentHandlers(), "java.util.logging's console prints none of the runtime's lines");
        context.getBean(RetentionRuntime.class).sweep(TestApplication.PASS); // nothing expired: a DEBUG line
      }

      List<String> lines = logback.list.stream()
          .map(line -> line.getLevel() + " " + line.getLoggerName() + ": " + line.getFormattedMessage()).toList();
      assertTrue(lines.stream().anyMatch(line -> line.startsWith("INFO dev.retention.runtime.RetentionRuntime:"
          + " Retention started: ")), lines::toString);
      assertTrue(lines.stream().anyMatch(line -> line.startsWith("DEBUG dev.retention: " + TestApplication.PASS
          + ": deleted 0 rows")), () -> "DEBUG, as logback's level says, not java.util.logging's INFO: " + lines);
      assertTrue(lines.stream().anyMatch(line -> line.startsWith("INFO dev.retention.runtime.RetentionRuntime:"
          + " Retention stopped: ")), lines::toString);
      assertTrue(jul.getUseParentHandlers(), "the route is undone once the runtime has closed");
    } finally {
      retention.detachAppender(logback);
      retention.setAdditive(additive);
      retention.setLevel(level);
    }
  }

  private static List<Thread> sweeperThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.getName().startsWith("retention-") && thread.getName().contains("-sweeper-"))
        .toList();
  }
}
