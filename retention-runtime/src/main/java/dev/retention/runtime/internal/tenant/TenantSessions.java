package dev.retention.runtime.internal.tenant;

import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The tenant the runtime is working for on this thread, if any: bound around one tenant's sweep (and around the checks
 * of {@code build()}), read where the runtime opens an entity manager ({@link TenantFactory}). A thread the runtime did
 * not bind (the application's, asking for a policy) opens sessions as the provider's resolver says, as the
 * application's own code does.
 */
public final class TenantSessions {

  private static final ThreadLocal<@Nullable String> BOUND = new ThreadLocal<>();

  private TenantSessions() {}

  /** The tenant bound to this thread; empty when the runtime bound none. */
  public static Optional<String> current() {
    return Optional.ofNullable(BOUND.get());
  }

  /** Runs {@code work} with {@code tenant} bound to this thread, and the binding before it restored after. */
  public static <T> T as(String tenant, Supplier<T> work) {
    @Nullable String before = BOUND.get();
    BOUND.set(tenant);
    try {
      return work.get();
    } finally {
      if (before == null) {
        BOUND.remove();
      } else {
        BOUND.set(before);
      }
    }
  }
}
