package dev.retention.quarkus.deployment.tenancy;

import dev.retention.quarkus.runtime.RetentionRuntimeCustomizer;
import dev.retention.runtime.RetentionRuntime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Names the tenants to the runtime: the directory is asked again at every background round. */
@ApplicationScoped
public class RetentionTenants implements RetentionRuntimeCustomizer {

  @Inject
  TenantDirectory directory;

  @Override
  public void customize(RetentionRuntime.Builder builder) {
    builder.tenants(directory::ids);
  }
}
