package dev.retention.sample;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Shows the sweeps as they go, and totals them per pass for the summary. On a terminal, one line per pass is redrawn
 * in place; otherwise each sweep prints a log line.
 */
final class Progress implements SweepListener {

  private static final long REDRAW_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final PrintStream out;
  private final boolean live;
  private final Map<String, PassTotals> totals = new LinkedHashMap<>();
  private CountDownLatch drained;
  private long lastRedraw;
  private boolean drawn;

  Progress(PrintStream out, boolean live) {
    this.out = out;
    this.live = live;
  }

  /**
   * The passes to show and wait for; called before the runtime starts. Sweeps before it (the sign-ins') are not shown
   * or totalled here.
   */
  synchronized void track(List<String> passes) {
    passes.forEach(pass -> totals.put(pass, new PassTotals(pass)));
    drained = new CountDownLatch(passes.size());
  }

  /** Waits until every pass has had a sweep that left nothing behind; false on timeout. */
  boolean awaitDrained(Duration timeout) throws InterruptedException {
    return drained.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  synchronized List<PassTotals> totals() {
    return new ArrayList<>(totals.values());
  }

  @Override
  public synchronized void sweepStarted(String pass, Instant cutoff, boolean dryRun) {
    PassTotals totalsOfPass = totals.get(pass);
    if (totalsOfPass == null) {
      return; // a sweep before the passes are tracked: the sign-ins print their own lines
    }
    totalsOfPass.state = dryRun ? "counting" : "sweeping";
    redraw(false);
  }

  @Override
  public synchronized void batchCompleted(BatchReport batch) {
    PassTotals pass = totals.get(batch.pass());
    if (pass == null) {
      return;
    }
    pass.deleted += batch.deleted();
    pass.batches++;
    redraw(false);
  }

  @Override
  public synchronized void sweepFinished(SweepReport report) {
    PassTotals pass = totals.get(report.pass());
    if (pass == null) {
      return;
    }
    pass.time = pass.time.plus(report.duration());
    if (!report.scope().isAll()) {
      // A sweep of one scope (a sign-in's) says nothing of the pass's other scopes: whether the pass drained is the
      // background sweeps' to say, and the sign-in prints its own line.
      return;
    }
    pass.sweeps++;
    pass.last = report;
    if (report.dryRun()) {
      pass.deleted = report.deleted();
    }
    boolean wasDrained = pass.drained;
    pass.drained = report.succeeded() && !report.workRemains();
    pass.state = report.failure().isPresent() ? "failed, will retry"
        : report.dryRun() ? (report.workRemains() ? "counting" : "counted, nothing deleted")
        : pass.drained ? "drained" : "more to do";
    if (live) {
      redraw(true);
    } else {
      out.println(simpleName(report.pass()) + ": " + describe(report));
    }
    if (pass.drained && !wasDrained) {
      drained.countDown();
    }
  }

  private static String describe(SweepReport report) {
    if (report.failure().isPresent()) {
      return "sweep failed: " + report.failure().get().getMessage();
    }
    String rows = String.format("%,d", report.deleted());
    if (report.dryRun()) {
      // Nothing was deleted, so nothing drained: the expired rows are all still there.
      return "would delete " + rows + " rows (dry run, nothing deleted)"
          + String.format(" (%,d ms)", report.duration().toMillis());
    }
    return "deleted " + rows + " rows in " + report.batches() + (report.batches() == 1 ? " batch" : " batches")
        + (report.workRemains() ? ", more to do" : ", drained")
        + String.format(" (%,d ms)", report.duration().toMillis());
  }

  private void redraw(boolean force) {
    if (!live) {
      return;
    }
    long now = System.nanoTime();
    if (!force && now - lastRedraw < REDRAW_NANOS) {
      return;
    }
    lastRedraw = now;
    StringBuilder screen = new StringBuilder();
    if (drawn) {
      screen.append("\u001b[").append(totals.size()).append('F');
    }
    for (PassTotals pass : totals.values()) {
      screen.append("\u001b[2K").append(String.format("  %-18s %12s rows %6d batches  %s",
          simpleName(pass.pass), String.format("%,d", pass.deleted), pass.batches, pass.state))
          .append(System.lineSeparator());
    }
    out.print(screen);
    out.flush();
    drawn = true;
  }

  static String simpleName(String pass) {
    return pass.substring(pass.lastIndexOf('.') + 1);
  }

  /** What the sweeps of one pass did in all. */
  static final class PassTotals {
    final String pass;
    long deleted;
    int batches;
    int sweeps;
    Duration time = Duration.ZERO;
    SweepReport last;
    boolean drained;
    String state = "waiting";

    PassTotals(String pass) {
      this.pass = pass;
    }
  }
}
