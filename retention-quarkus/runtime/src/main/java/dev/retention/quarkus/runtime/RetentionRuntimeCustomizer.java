package dev.retention.quarkus.runtime;

import dev.retention.runtime.RetentionRuntime;

/**
 * Adjusts the builder of the extension's {@link RetentionRuntime} before it is built, for what properties do not cover:
 * the tenants of a multi-tenant application ({@code tenants(...)}, {@code runAsTenant(...)}), options in code,
 * {@code maxConcurrentSweeps}. Declare one or more as CDI beans; they run after the extension has applied the
 * properties, the clock and the listeners.
 */
@FunctionalInterface
public interface RetentionRuntimeCustomizer {

  /** Adjusts {@code builder}, which the extension builds once every customizer has run. */
  void customize(RetentionRuntime.Builder builder);
}
