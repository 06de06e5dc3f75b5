package dev.retention.quarkus.deployment.tenancy;

import dev.retention.runtime.SweepReport;
import dev.retention.runtime.SweepListener;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/** Each tenant's first sweep report; complete once every tenant of the directory has had one. */
@Singleton
public class SweepsByTenant implements SweepListener {

  private final Map<String, SweepReport> first = new ConcurrentHashMap<>();
  private final CompletableFuture<Map<String, SweepReport>> everyTenant = new CompletableFuture<>();

  @Inject
  TenantDirectory tenants;

  @Override
  public void sweepFinished(SweepReport report) {
    String tenant = report.tenant().orElseThrow(() -> new AssertionError("a report without its tenant: " + report));
    first.putIfAbsent(tenant, report);
    if (first.keySet().containsAll(tenants.ids())) {
      everyTenant.complete(Map.copyOf(first));
    }
  }

  /** Every tenant's first report, by tenant. */
  public CompletableFuture<Map<String, SweepReport>> firstRound() {
    return everyTenant;
  }
}
