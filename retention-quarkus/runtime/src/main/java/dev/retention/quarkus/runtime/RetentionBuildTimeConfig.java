package dev.retention.quarkus.runtime;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The extension's settings fixed when the application is built. */
@ConfigMapping(prefix = "quarkus.retention")
@ConfigRoot(phase = ConfigPhase.BUILD_TIME)
public interface RetentionBuildTimeConfig {

  /** The readiness check. */
  Health health();

  /** The readiness check. */
  interface Health {

    /** Whether the readiness check is registered when quarkus-smallrye-health is present. */
    @WithDefault("true")
    boolean enabled();
  }
}
