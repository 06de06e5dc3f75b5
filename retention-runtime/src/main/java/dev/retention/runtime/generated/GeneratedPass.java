package dev.retention.runtime.generated;

import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.RetentionPass;
import java.time.Duration;
import java.util.Optional;

/**
 * The base of every pass {@code retention-processor} generates: the entity's {@link PassDescriptor}, and the one thing
 * only the generated code can write, the cutoff as a value of the {@code @Ttl} attribute's own type.
 *
 * <p>For code that {@code retention-processor} generates; not an API for applications, and it may change before 1.0.
 */
public abstract class GeneratedPass implements RetentionPass {

  private final PassDescriptor descriptor;

  /** @param descriptor the entity's description, complete: every step but the optional ones taken */
  protected GeneratedPass(PassDescriptor descriptor) {
    this.descriptor = descriptor.complete();
  }

  /**
   * The cutoff as a value of the {@code @Ttl} attribute's type, ready to bind: an {@code Instant} for an
   * {@code Instant} attribute, a {@code LocalDate} in the cutoff's zone for a {@code LocalDate}, epoch seconds for an
   * attribute that holds them, and so on.
   */
  public abstract Object cutoffValue(Cutoff cutoff);

  public final PassDescriptor descriptor() {
    return descriptor;
  }

  /** The entity's fully qualified class name. */
  @Override
  public final String name() {
    return descriptor.entityType().getCanonicalName();
  }

  @Override
  public final Class<?> entityType() {
    return descriptor.entityType();
  }

  @Override
  public final Duration expireAfter() {
    return descriptor.expireAfter();
  }

  @Override
  public final DeleteStrategy deleteStrategy() {
    return descriptor.strategy();
  }

  @Override
  public final String ttlAttribute() {
    return descriptor.ttlAttribute();
  }

  @Override
  public final Optional<String> condition() {
    return descriptor.condition();
  }

  @Override
  public final Optional<String> scopeAttribute() {
    return descriptor.scopeAttribute();
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + name() + "]";
  }
}
