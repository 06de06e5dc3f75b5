package dev.retention.runtime;

import java.time.Duration;
import java.util.Optional;

/**
 * One entity's retention, as {@code @Ttl} declared it: what the runtime sweeps and reports by name. The runtime builds
 * and runs every statement; a pass only describes.
 */
public interface RetentionPass {

  /** The pass's name: the entity's fully qualified class name. Options and reports use it. */
  String name();

  /** The entity whose rows this pass deletes. */
  Class<?> entityType();

  /** The window from the annotation: zero when the attribute is the expiry instant itself. */
  Duration expireAfter();

  /** How this pass deletes rows; see {@link DeleteStrategy}. */
  DeleteStrategy deleteStrategy();

  /** The {@code @Ttl} attribute, as JPQL names it. */
  String ttlAttribute();

  /** The condition from {@code @Ttl(when = ...)}, a JPQL conditional expression over {@code e}; empty for none. */
  Optional<String> condition();

  /** The {@code @TtlScope} attribute, by which rows are swept scope by scope; empty for none. */
  Optional<String> scopeAttribute();
}
