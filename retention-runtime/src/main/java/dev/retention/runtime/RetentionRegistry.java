package dev.retention.runtime;

import java.util.List;

/**
 * The passes of one compilation. {@code retention-processor} generates one implementation per compilation that has
 * {@code @Ttl} entities and registers it in {@code META-INF/services/dev.retention.runtime.RetentionRegistry}, where
 * {@link java.util.ServiceLoader} finds it.
 */
public interface RetentionRegistry {

  /** Every pass of the compilation, in a stable order. */
  List<RetentionPass<?>> passes();
}
