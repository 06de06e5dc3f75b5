package dev.retention.quarkus.deployment.tenancy;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The application's tenants, from its configuration: {@code app.tenants}, the default tenant first. */
@ApplicationScoped
public class TenantDirectory {

  @ConfigProperty(name = "app.tenants")
  List<String> ids;

  /** Every tenant's identifier, which is also the name of its schema. */
  public List<String> ids() {
    return ids;
  }

  /** The tenant of a request that names none. */
  public String defaultTenant() {
    return ids.get(0);
  }
}
