package dev.retention.sample;

import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionRuntime;
import dev.retention.runtime.SweepReport;
import dev.retention.sample.model.TenantNotification;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

/**
 * Users of a few tenants sign in: each sign-in sweeps its tenant's expired notifications on the request path, with
 * {@link RetentionRuntime#sweep(String, Object)}, which is bounded and never throws, so the sign-in goes on whatever
 * the sweep met.
 */
final class SignIns {

  static final String PASS = TenantNotification.class.getName();

  /** The tenants whose users sign in; the other tenants' notifications wait for the background sweeps. */
  static final List<String> TENANTS = List.of("acme", "globex", "initech");

  private SignIns() {}

  static void simulate(PrintStream out, RetentionRuntime retention) {
    PassSettings settings = retention.settings(PASS);
    out.printf("Simulated sign-ins: each sweeps its tenant's notifications on the request path (at most %d batches"
        + " of %,d rows, none started after %d ms):%n", settings.maxBatchesPerScope(), settings.batchSize(),
        settings.scopeSweepBudget().toMillis());
    for (String tenant : TENANTS) {
      SweepReport report = retention.sweep(PASS, tenant);
      out.printf("  %-8s window %-4s %-13s %s%n", tenant, SummaryTable.window(window(report)),
          settings.scopeWindows().containsKey(tenant) ? "(configured)" : "(the pass's)", describe(report));
    }
  }

  /** The window the sweep used: its cutoff is its start minus the window. */
  private static Duration window(SweepReport report) {
    return Duration.between(report.cutoff(), report.startedAt());
  }

  private static String describe(SweepReport report) {
    if (report.failure().isPresent()) {
      return "sweep failed, sign-in goes on: " + report.failure().get().getMessage();
    }
    String rows = String.format("%,d", report.deleted());
    if (report.dryRun()) {
      return "would delete " + rows + " rows";
    }
    return "deleted " + rows + " rows in " + report.batches() + (report.batches() == 1 ? " batch" : " batches")
        + (report.workRemains() ? ", more at the next sign-in" : "")
        + String.format(" (%,d ms)", report.duration().toMillis());
  }
}
