package dev.retention.runtime.health;

import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
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
 */
public final class SweepHistory implements SweepListener {

  private final ConcurrentMap<String, PassHistory> histories = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, SweepReport> latest = new ConcurrentHashMap<>();

  @Override
  public void sweepFinished(SweepReport report) {
    if (!report.scope().isAll()) {
      return;
    }
    latest.put(report.pass(), report);
    if (report.skipped()) {
      return;
    }
    histories.merge(report.pass(), PassHistory.first(report), (known, latest) -> known.then(report));
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
