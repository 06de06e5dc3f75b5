package dev.retention.quarkus.runtime;

import dev.retention.runtime.generated.RetentionRegistry;
import java.util.List;

/** The registries listed in the application's {@code META-INF/services} files, found when the application was built. */
public final class DiscoveredRegistries {

  private final List<RetentionRegistry> registries;

  DiscoveredRegistries(List<RetentionRegistry> registries) {
    this.registries = List.copyOf(registries);
  }

  /** The registries, one per compilation that generated passes, sorted by class name. */
  public List<RetentionRegistry> registries() {
    return registries;
  }
}
