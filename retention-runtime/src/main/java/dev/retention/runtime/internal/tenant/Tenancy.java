package dev.retention.runtime.internal.tenant;

import java.util.List;
import java.util.Optional;

/**
 * How the factory keeps tenants apart, as its provider says at build: not at all, or by sessions that belong to one
 * tenant (Hibernate's multi-tenancy: a schema or a database per tenant through its connections, a {@code @TenantId}
 * discriminator it fills and filters; EclipseLink's {@code @Multitenant}). A session of a multi-tenant factory sees
 * one tenant's rows, so a sweep that reached no other tenant would report the pass drained after one: the runtime then
 * sweeps tenant by tenant, each in sessions opened for that tenant, or refuses to build.
 *
 * @param multiTenant whether the factory's sessions belong to a tenant
 * @param description how the provider keeps tenants apart, for the start line and messages; empty for none
 * @param tenantProperty the property of a new entity manager that names its tenant ({@code org.hibernate.tenantId},
 *     {@code eclipselink.tenant-id}); empty where none is known
 * @param discriminated the entities whose rows carry their tenant in a column the provider fills and filters
 *     ({@code @TenantId}, {@code @Multitenant}), by name
 */
public record Tenancy(boolean multiTenant, String description, Optional<String> tenantProperty,
    List<String> discriminated) {

  /** A factory whose sessions see every row. */
  public static final Tenancy NONE = new Tenancy(false, "", Optional.empty(), List.of());

  /** Hibernate's property of a new entity manager naming its tenant (its {@code HibernateHints.HINT_TENANT_ID}). */
  public static final String HIBERNATE_TENANT = "org.hibernate.tenantId";

  /** EclipseLink's default property naming the tenant of a {@code @Multitenant} entity's rows. */
  public static final String ECLIPSELINK_TENANT = "eclipselink.tenant-id";

  public Tenancy {
    discriminated = List.copyOf(discriminated);
  }
}
