package dev.retention.spring.boot;

import dev.retention.runtime.RetentionRuntime;

/**
 * Adjusts the builder of the starter's {@link RetentionRuntime} before it is built, for what properties do not cover:
 * options in code, {@code maxConcurrentSweeps}, {@code closeTimeout}, the zone. Declare one or more as beans; they
 * run in {@link org.springframework.core.Ordered order}, after the starter has applied the properties, the clock,
 * the listeners, and registered the {@link BeforeDeleteRegistration before-delete hooks} and
 * {@link ScopeWindowsRegistration scope windows} declared as beans.
 */
@FunctionalInterface
public interface RetentionRuntimeCustomizer {

  /** Adjusts {@code builder}, which the starter builds once every customizer has run. */
  void customize(RetentionRuntime.Builder builder);
}
