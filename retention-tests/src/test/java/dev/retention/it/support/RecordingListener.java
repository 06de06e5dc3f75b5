package dev.retention.it.support;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.PassSettings;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/** Records every event, and lets a test wait for finished sweeps without sleeping. */
public final class RecordingListener implements SweepListener {

  /** How long a test waits for the sweeper threads before it fails. */
  public static final Duration PATIENCE = Duration.ofSeconds(30);

  public final List<String> events = new CopyOnWriteArrayList<>();
  public final List<BatchReport> batches = new CopyOnWriteArrayList<>();
  public final List<SweepReport> sweeps = new CopyOnWriteArrayList<>();
  /** The passes of each runtime built with this listener. */
  public final List<List<PassSettings>> built = new CopyOnWriteArrayList<>();
  private final Semaphore finished = new Semaphore(0);
  private final Semaphore batchesDone = new Semaphore(0);

  @Override
  public void runtimeBuilt(List<PassSettings> passes) {
    built.add(passes);
    passes.forEach(pass -> events.add("built " + simple(pass.pass())));
  }

  @Override
  public void sweepStarted(String pass, Instant cutoff, boolean dryRun) {
    events.add("started " + simple(pass));
  }

  @Override
  public void batchStarted(String pass, int number) {
    events.add("batch " + number + " " + simple(pass));
  }

  @Override
  public void batchCompleted(BatchReport batch) {
    batches.add(batch);
    events.add("batch " + batch.number() + " done " + simple(batch.pass()) + " " + batch.deleted());
    batchesDone.release();
  }

  @Override
  public void sweepFinished(SweepReport report) {
    sweeps.add(report);
    events.add("finished " + simple(report.pass()));
    finished.release();
  }

  /** Waits until {@code count} more sweeps have finished. */
  public void awaitSweeps(int count) throws InterruptedException {
    if (!finished.tryAcquire(count, PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
      throw new AssertionError("fewer than " + count + " sweeps finished within " + PATIENCE + "; events: " + events);
    }
  }

  /** Waits until {@code count} more batches have committed. */
  public void awaitBatches(int count) throws InterruptedException {
    if (!batchesDone.tryAcquire(count, PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
      throw new AssertionError("fewer than " + count + " batches within " + PATIENCE + "; events: " + events);
    }
  }

  private static String simple(String pass) {
    return pass.substring(pass.lastIndexOf('.') + 1);
  }
}
