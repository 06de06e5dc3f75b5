package dev.retention.runtime.internal.assembly;

import dev.retention.runtime.RetentionConfigurationException;
import dev.retention.runtime.internal.tenant.Tenancy;
import dev.retention.runtime.internal.tenant.TenantAccess;
import dev.retention.runtime.internal.tenant.TenantFactory;
import jakarta.persistence.EntityManagerFactory;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.NullMarked;

/**
 * The tenants of a runtime, checked at build against what the provider says of the factory: a multi-tenant factory
 * without its tenants named fails {@code build()}, naming the ways to name them, for its sweeps would see the rows of
 * whichever tenant the application's resolver answers on the sweeper's thread and report every pass drained after
 * that one.
 */
@NullMarked
final class Tenants {

  /** Where the guide explains each tenancy and what the runtime does with it. */
  static final String GUIDE = "docs/concepts/multi-tenant.md";

  private Tenants() {}

  /**
   * How the runtime reaches the tenants of a factory whose tenancy is {@code tenancy}.
   *
   * @throws RetentionConfigurationException when the tenants and the factory do not fit, naming the fix
   */
  static TenantAccess access(RuntimeInput input, Tenancy tenancy) {
    // First: an integration may give a runner of its own, and a multi-tenant factory without tenants is the problem
    // to name then.
    if (tenancy.multiTenant() && input.tenants().isEmpty()) {
      throw new RetentionConfigurationException(List.of("The EntityManagerFactory is multi-tenant ("
          + tenancy.description() + "): each of its sessions sees one tenant's rows, so a sweep would see only those"
          + " of the tenant the application's resolver answers on the sweeper's thread, and report the passes drained"
          + " after that one. Name the tenants: RetentionRuntime.builder(emf).tenants(() -> tenantIds) (with Spring"
          + " Boot, Quarkus or Micronaut, in a RetentionRuntimeCustomizer bean), a list, a query or a directory asked"
          + " again each round; each tenant is then swept in sessions opened for it, and sweepTenant(pass, tenant) at"
          + " sign-in sweeps one." + rootTenant(tenancy) + " See " + GUIDE));
    }
    if (input.tenantRunner().isPresent() && input.tenants().isEmpty()) {
      throw new RetentionConfigurationException(List.of("runAsTenant(...) was given without tenants(...): name the"
          + " tenants it runs the sweeps as, tenants(() -> tenantIds), asked again each round"));
    }
    if (input.tenants().isPresent() && !tenancy.multiTenant() && input.tenantRunner().isEmpty()) {
      throw new RetentionConfigurationException(List.of("tenants(...) was given, but the EntityManagerFactory's"
          + " sessions see every row (its provider reports no multi-tenancy) and no runAsTenant(...) says how to reach"
          + " a tenant, so each tenant's sweep would sweep the same rows. Give runAsTenant(...) where the application"
          + " routes each tenant's connections itself (a routing DataSource), or leave tenants(...) out. See "
          + GUIDE));
    }
    return new TenantAccess(input.tenants(), input.tenantRunner(), tenancy);
  }

  /** Hibernate's root tenant, where Hibernate keeps the tenants apart: a way to sweep every tenant at once. */
  private static String rootTenant(Tenancy tenancy) {
    return tenancy.tenantProperty().equals(Optional.of(Tenancy.HIBERNATE_TENANT)) ? " Where Hibernate's root tenant"
        + " (the resolver's isRoot) sees every tenant's @TenantId rows, tenants(() -> List.of(rootTenant)) sweeps them"
        + " all at once." : "";
  }

  /**
   * The factory every sweep opens its entity managers from: the application's, or, where the provider names a tenant
   * by a property, one that opens them for the tenant bound to the thread ({@link TenantFactory}).
   */
  static EntityManagerFactory factory(EntityManagerFactory emf, TenantAccess tenants) {
    Tenancy tenancy = tenants.tenancy();
    if (!tenants.perTenant() || !tenancy.multiTenant() || tenancy.tenantProperty().isEmpty()) {
      return emf;
    }
    return TenantFactory.wrap(emf, tenancy.tenantProperty().get());
  }

  /**
   * The tenant the checks of {@code build()} open their sessions as (a condition parsed, the transactions tried): the
   * first listed; empty for a runtime without tenants, or when none is listed yet.
   *
   * @throws RetentionConfigurationException when the application's list fails
   */
  static Optional<String> checkedAs(TenantAccess tenants) {
    if (!tenants.perTenant()) {
      return Optional.empty();
    }
    try {
      return tenants.tenants().stream().findFirst();
    } catch (RuntimeException e) {
      throw new RetentionConfigurationException(List.of("The tenants given to tenants(...) could not be listed: "
          + e));
    }
  }
}
