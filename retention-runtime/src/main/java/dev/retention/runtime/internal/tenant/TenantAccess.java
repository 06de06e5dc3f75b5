package dev.retention.runtime.internal.tenant;

import dev.retention.runtime.TenantRunner;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * How a runtime reaches its tenants: the tenants the application names, asked again at every round (a list, a query,
 * a directory), and running work as one of them: bound to the thread, so that every session the work opens is that
 * tenant's ({@link TenantSessions}), inside the application's {@link TenantRunner} where it gave one.
 */
public final class TenantAccess {

  /** A runtime of a factory whose sessions see every row: no tenant. */
  public static final TenantAccess NONE = new TenantAccess(Optional.empty(), Optional.empty(), Tenancy.NONE);

  private final Optional<Supplier<? extends Collection<String>>> tenants;
  private final Optional<TenantRunner> runner;
  private final Tenancy tenancy;

  public TenantAccess(Optional<Supplier<? extends Collection<String>>> tenants, Optional<TenantRunner> runner,
      Tenancy tenancy) {
    this.tenants = tenants;
    this.runner = runner;
    this.tenancy = tenancy;
  }

  /** Whether each sweep goes tenant by tenant. */
  public boolean perTenant() {
    return tenants.isPresent();
  }

  /** How the factory keeps tenants apart, as its provider said at build. */
  public Tenancy tenancy() {
    return tenancy;
  }

  /**
   * The tenants now, in the application's order, each once.
   *
   * @throws IllegalStateException when the application's list has a null or blank tenant
   * @throws RuntimeException what the application's supplier threw
   */
  public List<String> tenants() {
    if (tenants.isEmpty()) {
      return List.of();
    }
    Collection<String> listed = tenants.get().get();
    if (listed == null) {
      throw new IllegalStateException("The tenants supplier given to tenants(...) returned null");
    }
    Set<String> unique = new LinkedHashSet<>();
    for (String tenant : listed) {
      if (tenant == null || tenant.isBlank()) {
        throw new IllegalStateException("The tenants supplier given to tenants(...) listed a "
            + (tenant == null ? "null" : "blank") + " tenant among " + listed.size());
      }
      unique.add(tenant);
    }
    return new ArrayList<>(unique);
  }

  /**
   * Runs {@code work}, which returns a value, as {@code tenant}, in this thread: the tenant bound to the thread, inside
   * the application's runner where it gave one.
   *
   * @throws IllegalStateException when the application's runner returned without running the work
   */
  public <T> T callAs(String tenant, Supplier<T> work) {
    if (runner.isEmpty()) {
      return TenantSessions.as(tenant, work);
    }
    AtomicReference<@Nullable T> result = new AtomicReference<>();
    runner.get().runAs(tenant, () -> result.set(TenantSessions.as(tenant, work)));
    T value = result.get();
    if (value == null) {
      throw new IllegalStateException("The TenantRunner given to runAsTenant(...) returned without running the"
          + " sweep of tenant " + tenant);
    }
    return value;
  }

  /** How tenants are swept, for the start line. */
  public String describe() {
    String provider = tenancy.multiTenant() ? tenancy.description() : "the application's tenants";
    if (tenants.isEmpty()) {
      return "";
    }
    return "tenant by tenant (" + provider + "; the tenants listed by tenants(...) each round, each in sessions opened"
        + " for it" + (runner.isPresent() ? ", inside runAsTenant(...)" : "") + "; the portable JPQL, which the"
        + " provider's tenant filter and connections see)";
  }
}
