package dev.retention.quarkus.deployment.tenancy;

import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.control.ActivateRequestContext;
import jakarta.inject.Inject;
import java.util.List;

/**
 * The application's own job that sweeps every tenant, with the request context active as Quarkus's scheduler and
 * messaging run their methods, but no HTTP request for the tenant resolver to read.
 */
@ApplicationScoped
public class NightlySweep {

  @Inject
  RetentionRuntime retention;

  @ActivateRequestContext
  public List<SweepReport> run() {
    return retention.sweepAll();
  }
}
