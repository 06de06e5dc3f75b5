package dev.retention.quarkus.deployment.tenancy;

import io.quarkus.hibernate.orm.PersistenceUnitExtension;
import io.quarkus.hibernate.orm.runtime.tenant.TenantResolver;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;

/**
 * The tenant of each request, from its {@value #HEADER} header, as Quarkus's guide resolves it from the request; the
 * default tenant for a request without it.
 */
@PersistenceUnitExtension
@RequestScoped
public class HeaderTenantResolver implements TenantResolver {

  public static final String HEADER = "X-Tenant";

  @Inject
  RoutingContext request;

  @Inject
  TenantDirectory tenants;

  @Override
  public String getDefaultTenantId() {
    return tenants.defaultTenant();
  }

  @Override
  public String resolveTenantId() {
    String tenant = request.request().getHeader(HEADER);
    return tenant == null ? getDefaultTenantId() : tenant;
  }
}
