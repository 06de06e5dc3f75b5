package dev.retention.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.retention.micrometer.MicrometerSweepListener;
import dev.retention.micronaut.model.FixedClock;
import dev.retention.runtime.RetentionRuntime;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.ApplicationContext;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The runtime is a bean of the context: built when it starts, sweeping in the background once it has, its sweeps in
 * the application's {@code MeterRegistry}, and closed with it, its threads gone.
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
    }
  }

  private static List<Thread> sweeperThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.getName().startsWith("retention-") && thread.getName().contains("-sweeper-"))
        .toList();
  }
}
