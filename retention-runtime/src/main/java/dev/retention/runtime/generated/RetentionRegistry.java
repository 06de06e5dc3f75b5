package dev.retention.runtime.generated;

import java.util.List;

/**
 * The passes of one compilation. {@code retention-processor} generates one implementation per compilation that has
 * {@code @Ttl} entities and registers it in
 * {@code META-INF/services/dev.retention.runtime.generated.RetentionRegistry}, where {@link java.util.ServiceLoader}
 * finds it.
 *
 * <p>For code that {@code retention-processor} generates; not an API for applications, and it may change before 1.0.
 */
public interface RetentionRegistry {

  /** Every pass of the compilation, in a stable order. */
  List<GeneratedPass> passes();
}
