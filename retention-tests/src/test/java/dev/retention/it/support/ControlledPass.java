package dev.retention.it.support;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.generated.GeneratedPass;
import dev.retention.runtime.internal.discovery.RegistryDiscovery;
import jakarta.persistence.EntityManagerFactory;
import java.util.List;

/**
 * A generated pass with a hook run inside each batch's transaction, after the batch locked its rows and before it
 * deletes them: a test can make the batch fail (and so roll back), block, or record what happened. The hook is a
 * before-delete hook, so the pass's batches run the JPQL that locks rows for one.
 */
public final class ControlledPass {

  /** What runs inside a batch, with the rows it is about to delete, before it commits. */
  public interface BatchHook {
    void inBatch(int rows);
  }

  private final GeneratedPass generated;
  private volatile BatchHook hook = rows -> {};

  private ControlledPass(GeneratedPass generated) {
    this.generated = generated;
  }

  /** The generated pass of {@code entity}, found as the runtime finds it, under control. */
  public static ControlledPass of(Class<?> entity) {
    return new ControlledPass(generatedPassOf(entity));
  }

  /** The generated pass of {@code entity}, found as the runtime finds it. */
  public static GeneratedPass generatedPassOf(Class<?> entity) {
    return RegistryDiscovery.discover(ControlledPass.class.getClassLoader()).stream()
        .filter(candidate -> candidate.entityType().equals(entity))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no generated pass for " + entity));
  }

  public ControlledPass onBatch(BatchHook hook) {
    this.hook = hook;
    return this;
  }

  public String name() {
    return generated.name();
  }

  /** A builder over {@code emf} that sweeps exactly {@code passes}, each batch calling its pass's hook. */
  public static RetentionRuntime.Builder builder(EntityManagerFactory emf, ControlledPass... passes) {
    RetentionRuntime.Builder builder = RetentionRuntime.builder(emf)
        .registries(List.of(() -> java.util.Arrays.stream(passes).map(pass -> pass.generated).toList()));
    for (ControlledPass pass : passes) {
      builder.beforeDelete(pass.name(), (em, rows) -> pass.hook.inBatch(rows.size()));
    }
    return builder;
  }
}
