package dev.retention.it.support;

import dev.retention.runtime.Cutoff;
import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.RetentionPass;
import dev.retention.runtime.RetentionRegistry;
import dev.retention.runtime.internal.discovery.RegistryDiscovery;
import jakarta.persistence.EntityManager;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A generated pass with a hook run inside each batch's transaction, after the pass deleted its rows: a test can make
 * the batch fail (and so roll back), block, or record what happened. Everything else is the generated pass's own.
 *
 * <p>The hook runs only when the runtime calls the pass's own JPQL, so a runtime sweeping these passes is built with
 * {@code portableStatements(true)}; {@link #registry} alone does not do that.
 */
public final class ControlledPass<E> implements RetentionPass<E> {

  /** What runs inside a batch, after its rows were deleted and before it commits. */
  public interface BatchHook {
    void afterDelete(int deleted);
  }

  private final RetentionPass<E> generated;
  private volatile BatchHook hook = deleted -> {};

  private ControlledPass(RetentionPass<E> generated) {
    this.generated = generated;
  }

  /** The generated pass of {@code entity}, found as the runtime finds it, under control. */
  @SuppressWarnings("unchecked")
  public static <E> ControlledPass<E> of(Class<E> entity) {
    RetentionPass<?> pass = RegistryDiscovery.discover(ControlledPass.class.getClassLoader()).stream()
        .filter(candidate -> candidate.entityType().equals(entity))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no generated pass for " + entity));
    return new ControlledPass<>((RetentionPass<E>) pass);
  }

  /** A registry of exactly these passes, for {@code RetentionRuntime.Builder.registries}. */
  public static List<RetentionRegistry> registry(RetentionPass<?>... passes) {
    return List.of(() -> List.of(passes));
  }

  public ControlledPass<E> onBatch(BatchHook hook) {
    this.hook = hook;
    return this;
  }

  @Override
  public int purgeBatch(EntityManager em, Cutoff cutoff, int batchSize) {
    int deleted = generated.purgeBatch(em, cutoff, batchSize);
    em.flush();
    hook.afterDelete(deleted);
    return deleted;
  }

  @Override
  public String name() {
    return generated.name();
  }

  @Override
  public Class<E> entityType() {
    return generated.entityType();
  }

  @Override
  public Duration expireAfter() {
    return generated.expireAfter();
  }

  @Override
  public DeleteStrategy deleteStrategy() {
    return generated.deleteStrategy();
  }

  @Override
  public String ttlAttribute() {
    return generated.ttlAttribute();
  }

  @Override
  public Object cutoffValue(Cutoff cutoff) {
    return generated.cutoffValue(cutoff);
  }

  @Override
  public long countExpired(EntityManager em, Cutoff cutoff) {
    return generated.countExpired(em, cutoff);
  }

  @Override
  public Optional<Instant> oldestExpired(EntityManager em, Cutoff cutoff) {
    return generated.oldestExpired(em, cutoff);
  }
}
