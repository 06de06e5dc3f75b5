package dev.retention.quarkus.runtime;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The extension's own settings, read when the application starts. The runtime's options are not here: they keep the
 * runtime's keys, {@code retention.defaults.<option>} and {@code retention.<pass name>.<option>}, and the runtime
 * checks them.
 */
@ConfigMapping(prefix = "quarkus.retention")
@ConfigRoot(phase = ConfigPhase.RUN_TIME)
public interface RetentionConfig {

  /**
   * Whether the background sweepers start with the application. When false, the {@code RetentionRuntime} bean is still
   * built (so its options are checked) and sweeps on demand.
   */
  @WithDefault("true")
  boolean enabled();

  /** The wellness check. */
  Health health();

  /** The wellness check. */
  interface Health {

    /** How many sweeps in a row a pass must fail before the wellness check reports DOWN; at least 1. */
    @WithDefault("3")
    int failuresThreshold();
  }
}
