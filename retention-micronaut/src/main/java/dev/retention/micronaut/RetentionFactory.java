package dev.retention.micronaut;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.generated.RetentionRegistry;
import dev.retention.runtime.health.SweepHistory;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.BeanRegistration;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.env.Environment;
import jakarta.inject.Singleton;
import jakarta.persistence.EntityManagerFactory;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The application's {@link RetentionRuntime}: over its {@code EntityManagerFactory} (micronaut-hibernate-jpa's, which
 * Micronaut Data Hibernate JPA brings; the only or primary one), or, under Micronaut Data's {@code DATASOURCE}
 * multi-tenancy, over every data source's, each a tenant ({@link DataSourceTenants}); configured from every
 * {@code retention.*} property (see {@link RetentionProperties}), the application's {@link Clock} bean if it has one,
 * every {@link SweepListener} bean, then every {@link RetentionRuntimeCustomizer} bean. Built while the context starts,
 * so that a bad option fails start-up with the runtime's own list of problems; started by {@link RetentionLifecycle}
 * once the context has started; closed with the context, before the factory it depends on. Its lines go to the
 * application's logging ({@link RetentionLogging}).
 */
@Factory
class RetentionFactory {

  /** Each pass's last sweeps, for the health indicator: the runtime's first listener. */
  @Singleton
  SweepHistory retentionSweepHistory() {
    return new SweepHistory();
  }

  @Context
  @Bean(preDestroy = "close")
  RetentionRuntime retentionRuntime(BeanProvider<EntityManagerFactory> entityManagerFactory,
      List<BeanRegistration<EntityManagerFactory>> entityManagerFactories, Environment environment,
      SweepHistory history, List<SweepListener> listeners, BeanProvider<Clock> clock, RetentionLogging logging,
      List<RetentionRuntimeCustomizer> customizers) {
    // The logging is a parameter so that it comes first, and goes after the runtime: build() and close() both log.
    // The factories are parameters so that they are closed after it.
    // The environment's class loader is the one that sees the application's generated registries.
    ClassLoader classLoader = environment.getClassLoader();
    RetentionRuntime.Builder builder;
    if (DataSourceTenants.configured(environment)) {
      DataSourceTenants tenants = DataSourceTenants.of(entityManagerFactories);
      List<String> names = tenants.names();
      builder = RetentionRuntime.builder(tenants.factory()).tenants(() -> names).runAsTenant(tenants);
    } else {
      builder = RetentionRuntime.builder(entityManagerFactory.get());
    }
    builder.classLoader(classLoader)
        .configuration(RetentionProperties.of(environment, passNames(classLoader)));
    clock.ifPresent(builder::clock);
    // First, so that a listener told of a sweep finds the health up to date.
    builder.listener(history);
    listeners.stream().filter(listener -> listener != history).forEach(builder::listener);
    customizers.forEach(customizer -> customizer.customize(builder));
    try {
      return builder.build();
    } catch (RuntimeException failure) {
      // The start fails, and Micronaut destroys no bean of a context that never started: the route goes with it here.
      logging.close();
      throw failure;
    }
  }

  /**
   * The passes the runtime will find, so that environment variables can be matched against their names. A registry
   * that cannot be loaded is left out here: the runtime's {@code build()} loads it again and fails start-up naming it.
   */
  private static List<String> passNames(ClassLoader classLoader) {
    List<String> names = new ArrayList<>();
    try {
      for (RetentionRegistry registry : ServiceLoader.load(RetentionRegistry.class, classLoader)) {
        registry.passes().forEach(pass -> names.add(pass.name()));
      }
    } catch (ServiceConfigurationError reportedByTheRuntime) {
      // Not lost: build() loads the registries again and fails naming the broken one and its file.
    }
    return names;
  }
}
