package dev.retention.runtime;

/**
 * Runs the runtime's work as one tenant, for an application whose tenants the provider cannot reach by itself: a
 * routing {@code DataSource} that picks each tenant's database or schema by a key the application keeps for the thread,
 * say. The runtime calls it around each sweep of one tenant (and nothing else), on the thread that sweeps; every
 * connection the sweep's batches take is taken inside {@code work}.
 *
 * <pre>{@code
 * RetentionRuntime.builder(emf)
 *     .tenants(tenantDirectory::ids)
 *     .runAsTenant((tenant, work) -> {
 *       TenantContext.set(tenant);       // the key the routing DataSource reads
 *       try {
 *         work.run();
 *       } finally {
 *         TenantContext.clear();
 *       }
 *     })
 *     .build();
 * }</pre>
 *
 * <p>Where Hibernate's multi-tenancy reaches each tenant itself (a {@code MultiTenantConnectionProvider}, a schema
 * mapper, {@code @TenantId}), none is needed: the runtime opens each tenant's sessions for that tenant.
 */
@FunctionalInterface
public interface TenantRunner {

  /**
   * Runs {@code work} as {@code tenant}, in this thread, and returns when it returns. What {@code work} throws must
   * come out as thrown.
   */
  void runAs(String tenant, Runnable work);
}
