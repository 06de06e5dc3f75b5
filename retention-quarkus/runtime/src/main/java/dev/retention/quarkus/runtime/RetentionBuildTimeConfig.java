package dev.retention.quarkus.runtime;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The extension's settings fixed when the application is built. */
@ConfigMapping(prefix = "quarkus.retention")
@ConfigRoot(phase = ConfigPhase.BUILD_TIME)
public interface RetentionBuildTimeConfig {

  /** The wellness check. */
  Health health();

  /** The wellness check. */
  interface Health {

    /**
     * Whether the wellness check ({@code /q/health/well}) is registered when quarkus-smallrye-health is present. It is
     * never a readiness or liveness check: a failing pass must not take the application out of rotation.
     */
    @WithDefault("true")
    boolean enabled();
  }
}
