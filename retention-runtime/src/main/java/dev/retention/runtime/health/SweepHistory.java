package dev.retention.runtime.health;

import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Keeps each pass's last sweep report and how many sweeps in a row it has failed, for health checks and endpoints.
 * Register it as a listener before the runtime is built
 * ({@code RetentionRuntime.builder(emf).listener(history)}); the Spring Boot starter and the Quarkus extension do.
 * One entry per pass, replaced on every sweep, so it stays small however long the application runs.
 *
 * <p>It follows the sweeps of whole passes (background sweeps, {@code sweepAll()}, {@code sweep(pass)}), not the
 * on-demand sweeps of one scope ({@code sweep(pass, scope)}): a request path sweeping one tenant's rows would otherwise
 * reset the count of the pass's failed sweeps, or count one tenant's trouble towards failing the whole pass. Nor
 * sweeps skipped because another instance was sweeping the pass: they say nothing of how the pass fares. Those are kept
 * apart, by {@link #latest(String)}: an instance whose sweeps are all skipped should say so, not show nothing.
 *
 * <p>A runtime given its tenants reports a sweep per tenant. A tenant's failures count apart from the others'
 * successes: the pass's history is that of its tenant failing the most sweeps in a row, with that tenant's last
 * report, while one fails; otherwise the last sweep's. Only failing tenants are kept, so a pass of 10,000 healthy
 * tenants keeps nothing per tenant; a tenant no longer listed while it failed stays failing until the runtime is
 * built again.
 */
public final class SweepHistory implements SweepListener {

  private final ConcurrentMap<String, PassHistory> histories = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, SweepReport> latest = new ConcurrentHashMap<>();
  /** The failing tenants of each pass, by tenant: their failures in a row and last report. */
  private final ConcurrentMap<String, Map<String, PassHistory>> failingTenants = new ConcurrentHashMap<>();

  @Override
  public void sweepFinished(SweepReport report) {
    if (!report.scope().isAll()) {
      return;
    }
    latest.put(report.pass(), report);
    if (report.skipped()) {
      return;
    }
    if (report.tenant().isPresent()) {
      histories.put(report.pass(), ofTenants(report, report.tenant().get()));
      return;
    }
    histories.merge(report.pass(), PassHistory.first(report), (known, latest) -> known.then(report));
  }

  /** The pass's history after {@code tenant}'s sweep: its tenant failing the most sweeps in a row, or this one. */
  private PassHistory ofTenants(SweepReport report, String tenant) {
    Map<String, PassHistory> failing = failingTenants.computeIfAbsent(report.pass(), pass -> new ConcurrentHashMap<>());
    synchronized (failing) {
      if (report.succeeded()) {
        failing.remove(tenant);
      } else {
        failing.merge(tenant, PassHistory.first(report), (known, ignored) -> known.then(report));
      }
      return failing.values().stream().max(Comparator.comparingInt(PassHistory::consecutiveFailures))
          .orElseGet(() -> PassHistory.first(report));
    }
  }

  /** The history of {@code pass}; empty until its first sweep of all its rows has finished. */
  public Optional<PassHistory> of(String pass) {
    return Optional.ofNullable(histories.get(pass));
  }

  /**
   * The report of the most recent sweep of all of {@code pass}'s rows, skipped ones included: unlike
   * {@link #of(String)}, whose last report is the last sweep that ran, it shows an instance whose sweeps another
   * instance holds off. Empty until the first such sweep has finished.
   */
  public Optional<SweepReport> latest(String pass) {
    return Optional.ofNullable(latest.get(pass));
  }

  /** Every pass swept so far, by name, sorted. */
  public Map<String, PassHistory> all() {
    return new TreeMap<>(histories);
  }
}
