package dev.retention.spring.boot.support;

import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A listener bean that records every event and lets a test wait for a sweep to finish, without sleeping. */
public final class SweepRecorder implements SweepListener {

  private final List<String> events = new CopyOnWriteArrayList<>();
  private final LinkedBlockingQueue<SweepReport> finished = new LinkedBlockingQueue<>();

  @Override
  public void sweepStarted(String pass, Instant cutoff, boolean dryRun) {
    events.add("started " + pass);
  }

  @Override
  public void sweepFinished(SweepReport report) {
    events.add("finished " + report.pass());
    finished.add(report);
  }

  /** Every event seen, in order, as "started|finished pass". */
  public List<String> events() {
    return List.copyOf(events);
  }

  /**
   * Waits for the next finished sweep of {@code pass}, skipping other passes' reports.
   *
   * @throws AssertionError when none comes within {@code timeout}
   */
  public SweepReport awaitSweep(String pass, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      SweepReport report = finished.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      if (report == null) {
        throw new AssertionError("No sweep of " + pass + " finished within " + timeout + "; events: " + events);
      }
      if (report.pass().equals(pass)) {
        return report;
      }
    }
  }
}
