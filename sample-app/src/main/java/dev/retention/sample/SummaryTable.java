package dev.retention.sample;

import dev.retention.runtime.DeleteStrategy;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.RetentionRuntime;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

/**
 * The table printed at the end: per pass, its window, delete strategy, the statement shape the runtime chose for this
 * database, and what its sweeps did.
 */
final class SummaryTable {

  /**
   * The columns; the pass and statements columns are as wide as the longest pass and shape names, so the figures after
   * them line up.
   */
  private static final String FORMAT = "%%-%ds %%-9s %%-15s %%-%ds %%12s %%8s %%-10s %%-14s %%9s%%n";

  private SummaryTable() {}

  static void print(PrintStream out, RetentionRuntime retention, List<Progress.PassTotals> totals, boolean dryRun) {
    int statementsWidth = totals.stream()
        .mapToInt(pass -> retention.settings(pass.pass).statementShape().description().length())
        .max().orElse(0);
    int passWidth = totals.stream().mapToInt(pass -> Progress.simpleName(pass.pass).length()).max().orElse(0);
    String format = String.format(FORMAT, Math.max(16, passWidth), Math.max("statements".length(), statementsWidth));
    out.println();
    out.printf(format, "pass", "window", "strategy", "statements", dryRun ? "would delete" : "deleted", "batches", "work left",
        "lag", "time");
    for (Progress.PassTotals pass : totals) {
      PassSettings settings = retention.settings(pass.pass);
      DeleteStrategy strategy = retention.passes().stream()
          .filter(candidate -> candidate.name().equals(pass.pass))
          .findFirst().orElseThrow().deleteStrategy();
      // A dry run's report is of a count, not of batches: it commits none and never stops early, so its workRemains()
      // is false. What it counted is all still there.
      boolean dryRunLeft = dryRun && pass.last != null && pass.last.deleted() > 0;
      boolean workLeft = pass.last == null || pass.last.workRemains() || pass.last.failure().isPresent() || dryRunLeft;
      out.printf(format,
          Progress.simpleName(pass.pass),
          window(settings.retention()),
          strategy == DeleteStrategy.BULK_STATEMENTS ? "bulk statements" : "entity removal",
          retention.settings(pass.pass).statementShape().description(),
          String.format("%,d", pass.deleted),
          dryRun ? "-" : String.valueOf(pass.batches),
          dryRunLeft ? "yes, all" : workLeft ? "yes" : "no",
          pass.last == null ? "-" : pass.last.lag().map(SummaryTable::lag).orElse("none"),
          pass.time.toMillis() + " ms");
    }
  }

  /** A window as the summary shows it: whole days, or "at expiry". */
  static String window(Duration retention) {
    return retention.isZero() ? "at expiry" : retention.toDays() + "d";
  }

  private static String lag(Duration lag) {
    if (lag.toDays() > 0) {
      return lag.toDays() + "d " + lag.toHoursPart() + "h";
    }
    return lag.toHours() + "h " + lag.toMinutesPart() + "m";
  }
}
