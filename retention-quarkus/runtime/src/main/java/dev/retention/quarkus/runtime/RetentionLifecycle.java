package dev.retention.quarkus.runtime;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.health.RetentionHealth;
import dev.retention.runtime.health.SweepHistory;
import io.quarkus.arc.All;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import jakarta.persistence.EntityManagerFactory;
import java.time.Clock;
import java.util.List;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Produces the application's {@link RetentionRuntime}, starts its sweepers once the application has started, and closes
 * it when the application stops, before Hibernate ORM closes the factory.
 */
@Singleton
public class RetentionLifecycle {

  private volatile RetentionRuntime started;

  /** Each pass's last sweeps, for the health check: the runtime's first listener. */
  @Produces
  @Singleton
  SweepHistory sweepHistory() {
    return new SweepHistory();
  }

  /**
   * The runtime over the default persistence unit, with the registries found at build time, every {@code retention.*}
   * option, the application's {@link Clock} bean if it has one, every {@link SweepListener} bean, under Quarkus's
   * multi-tenancy each tenant's sweep run outside the caller's request context ({@link OutsideRequestContext}), then
   * every {@link RetentionRuntimeCustomizer} bean.
   */
  @Produces
  @Singleton
  RetentionRuntime retentionRuntime(EntityManagerFactory emf, DiscoveredRegistries registries, SweepHistory history,
      @All List<SweepListener> listeners, Instance<Clock> clock, @All List<RetentionRuntimeCustomizer> customizers) {
    List<String> passNames = registries.registries().stream()
        .flatMap(registry -> registry.passes().stream())
        .map(RetentionPass::name)
        .toList();
    RetentionRuntime.Builder builder = RetentionRuntime.builder(emf)
        .registries(registries.registries())
        .configuration(RetentionProperties.of(ConfigProvider.getConfig(), passNames));
    if (clock.isResolvable()) {
      builder.clock(clock.get());
    }
    // First, so that a listener told of a sweep finds the health up to date.
    builder.listener(history);
    listeners.stream().filter(listener -> listener != history).forEach(builder::listener);
    if (OutsideRequestContext.needed(emf)) {
      // Before the customizers: an application's own runAsTenant(...) replaces it.
      builder.runAsTenant(new OutsideRequestContext());
    }
    customizers.forEach(customizer -> customizer.customize(builder));
    return builder.build();
  }

  /** Builds the runtime at start-up, so a bad option fails it, and starts the sweepers unless turned off. */
  void onStart(@Observes StartupEvent event, RetentionRuntime runtime, RetentionConfig config) {
    int failuresThreshold = config.health().failuresThreshold();
    RetentionHealth.problemWithFailuresThreshold(failuresThreshold).ifPresent(problem -> {
      throw new RetentionConfigurationException(List.of(
          "quarkus.retention.health.failures-threshold = " + failuresThreshold + ": " + problem));
    });
    if (config.enabled()) {
      started = runtime.start();
    }
  }

  /** Stops the sweepers while the factory is still open. */
  void onStop(@Observes ShutdownEvent event) {
    RetentionRuntime runtime = started;
    if (runtime != null) {
      runtime.close();
    }
  }

  void close(@Disposes RetentionRuntime runtime) {
    runtime.close();
  }
}
