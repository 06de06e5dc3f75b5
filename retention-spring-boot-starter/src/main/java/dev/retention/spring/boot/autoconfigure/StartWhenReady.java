package dev.retention.spring.boot.autoconfigure;

import dev.retention.runtime.RetentionRuntime;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;

/**
 * Starts the background sweeps once the application is ready: after every {@code ApplicationRunner} and
 * {@code CommandLineRunner} has run, so that a sweep never competes with start-up work (data seeding, cache warm-up)
 * and an application that fails to start has deleted nothing.
 *
 * <p>A {@code SmartLifecycle} would start earlier, at the end of the context refresh, and would have to reopen a closed
 * runtime when a context is stopped and started again, which a runtime does not do. {@link StopWhenClosing} closes it
 * as the context begins to close, while its stop line can still be logged; it is closed as a bean too, and since it
 * depends on the {@code EntityManagerFactory} that is before the factory and its connection pool, so a batch in
 * flight finishes on a live connection.
 */
final class StartWhenReady implements ApplicationListener<ApplicationReadyEvent> {

  private final ObjectProvider<RetentionRuntime> runtimes;

  StartWhenReady(ObjectProvider<RetentionRuntime> runtimes) {
    this.runtimes = runtimes;
  }

  @Override
  public void onApplicationEvent(ApplicationReadyEvent event) {
    // start() returns at once and does nothing the second time: a runtime the application started itself is fine.
    runtimes.orderedStream().forEach(RetentionRuntime::start);
  }
}
