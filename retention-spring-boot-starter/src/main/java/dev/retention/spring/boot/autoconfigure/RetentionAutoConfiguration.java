package dev.retention.spring.boot.autoconfigure;

import dev.retention.runtime.generated.RetentionRegistry;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.health.SweepHistory;
import dev.retention.spring.boot.BeforeDeleteRegistration;
import dev.retention.spring.boot.RetentionRuntimeCustomizer;
import dev.retention.spring.boot.StarterProperties;
import jakarta.persistence.EntityManagerFactory;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * A {@link RetentionRuntime} over the application's {@code EntityManagerFactory}, configured from the
 * {@code retention.*} properties and the application's beans (clock, listeners, {@link BeforeDeleteRegistration
 * before-delete hooks}, {@link dev.retention.spring.boot.ScopeWindowsRegistration scope windows}, customizers),
 * started when the application is ready and closed with the context.
 *
 * <p>It first checks that this starter is the one for the Spring Boot line the application runs, and stops start-up
 * naming the artifact to use when it is not.
 *
 * <p>It runs after Boot's JPA auto-configuration (of Boot 3 and of Boot 4, which name it differently), so that the
 * factory it needs is known, and steps aside for a {@code RetentionRuntime} bean of the application's own, which it
 * still starts when the application is ready.
 */
@AutoConfiguration(afterName = {
    // Boot 4 moved it into its own module; ordering by a name that is absent is a no-op, so both are named.
    "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
    "org.springframework.boot.autoconfigure.orm.jpa.HibernateJpaAutoConfiguration"})
@ConditionalOnClass({EntityManagerFactory.class, RetentionRuntime.class})
@ConditionalOnBean(EntityManagerFactory.class)
@ConditionalOnBooleanProperty(name = StarterProperties.ENABLED, matchIfMissing = true)
@EnableConfigurationProperties(StarterProperties.class)
public class RetentionAutoConfiguration {

  RetentionAutoConfiguration(ApplicationContext context) {
    BootLine.check(classLoaderOf(context), SpringBootVersion.getVersion());
  }

  /**
   * Each pass's last sweeps, for the endpoint and the health indicator: registered with the runtime ahead of the
   * application's listeners, so that a listener told of a sweep finds them up to date.
   */
  @Bean
  @ConditionalOnMissingBean
  SweepHistory retentionSweepHistory() {
    return new SweepHistory();
  }

  /**
   * Built, and so validated, while the context starts: a bad {@code retention.*} property fails start-up with the
   * runtime's own list of problems. Not started here; see {@link StartWhenReady}.
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  @ConditionalOnSingleCandidate(EntityManagerFactory.class)
  RetentionRuntime retentionRuntime(
      EntityManagerFactory entityManagerFactory,
      ConfigurableEnvironment environment,
      StarterProperties properties,
      ApplicationContext context,
      ObjectProvider<Clock> clock,
      ObjectProvider<SweepHistory> history,
      ObjectProvider<SweepListener> listeners,
      ObjectProvider<BeforeDeleteRegistration> beforeDelete,
      ObjectProvider<RetentionRuntimeCustomizer> customizers) {
    // The context's class loader is the one that sees the application's generated registries (devtools restarts
    // the application in a class loader of its own).
    ClassLoader classLoader = classLoaderOf(context);
    RetentionRuntime.Builder builder = RetentionRuntime.builder(entityManagerFactory)
        .classLoader(classLoader)
        .configuration(RetentionPropertySource.configuration(environment, passNames(classLoader),
            properties.problems()));
    clock.ifAvailable(builder::clock);
    SweepHistory sweeps = history.getIfAvailable();
    if (sweeps != null) {
      builder.listener(sweeps);
    }
    listeners.orderedStream().filter(listener -> listener != sweeps).forEach(builder::listener);
    beforeDelete.orderedStream().forEach(hook -> builder.beforeDelete(hook.passName(), hook.hook()));
    ScopeWindowsBeans.register(context, builder);
    customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
    return builder.build();
  }

  private static ClassLoader classLoaderOf(ApplicationContext context) {
    return context.getClassLoader() != null ? context.getClassLoader()
        : RetentionAutoConfiguration.class.getClassLoader();
  }

  /**
   * The passes the runtime will find, so that relaxed keys can be matched against their names. A registry that cannot
   * be loaded is left out here: the runtime's {@code build()} loads it again and fails start-up naming it.
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

  @Bean
  StartWhenReady retentionStartWhenReady(ObjectProvider<RetentionRuntime> runtimes) {
    return new StartWhenReady(runtimes);
  }

  @Bean
  StopWhenClosing retentionStopWhenClosing(ApplicationContext context, ObjectProvider<RetentionRuntime> runtimes) {
    return new StopWhenClosing(context, runtimes);
  }
}
