package dev.retention.micronaut;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.health.RetentionHealth;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.StartupEvent;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * Starts the runtime's background sweepers once the application context has started, after every other bean the
 * context creates eagerly (the data sources, the factory and its schema). A failure here fails the start.
 */
@Singleton
class RetentionLifecycle implements ApplicationEventListener<StartupEvent> {

  private final RetentionRuntime runtime;
  private final RetentionLogging logging;
  private final int failuresThreshold;

  RetentionLifecycle(RetentionRuntime runtime, RetentionLogging logging,
      @Value("${" + RetentionHealthIndicator.FAILURES_THRESHOLD + ":" + RetentionHealth.DEFAULT_FAILURES_THRESHOLD
          + "}") int failuresThreshold) {
    this.runtime = runtime;
    this.logging = logging;
    this.failuresThreshold = failuresThreshold;
  }

  @Override
  public void onApplicationEvent(StartupEvent event) {
    // Checked here rather than by the health indicator, which Micronaut creates only at the first health request.
    RetentionHealth.problemWithFailuresThreshold(failuresThreshold).ifPresent(problem -> {
      // The start fails, and Micronaut destroys no bean of a context that never started: they go here.
      runtime.close();
      logging.close();
      throw new RetentionConfigurationException(List.of(
          RetentionHealthIndicator.FAILURES_THRESHOLD + " = " + failuresThreshold + ": " + problem));
    });
    runtime.start();
  }
}
