package dev.retention.runtime.internal.report;

import dev.retention.runtime.BatchReport;
import dev.retention.runtime.SweepListener;
import dev.retention.runtime.SweepReport;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Records a {@link SweepEvent} per sweep and a {@link BatchEvent} per batch. Both are enabled by default in any Flight
 * Recorder recording. Each sweep runs in one thread, its events' too, but a pass may be swept by several threads at
 * once (on-demand sweeps of single scopes beside the background), so events in progress are kept by pass and thread.
 */
final class JfrSweepListener implements SweepListener {

  private final Map<String, SweepEvent> sweeps = new ConcurrentHashMap<>();
  private final Map<String, BatchEvent> batches = new ConcurrentHashMap<>();

  @Override
  public void sweepStarted(String pass, Instant cutoff, boolean dryRun) {
    SweepEvent event = new SweepEvent();
    if (event.isEnabled()) {
      event.begin();
      sweeps.put(inProgress(pass), event);
    }
  }

  @Override
  public void batchStarted(String pass, int number) {
    BatchEvent event = new BatchEvent();
    if (event.isEnabled()) {
      event.begin();
      batches.put(inProgress(pass), event);
    }
  }

  @Override
  public void batchCompleted(BatchReport batch) {
    BatchEvent event = batches.remove(inProgress(batch.pass()));
    if (event != null) {
      event.end();
      event.pass = batch.pass();
      event.number = batch.number();
      event.deleted = batch.deleted();
      event.batchSize = batch.batchSize();
      event.commit();
    }
  }

  @Override
  public void sweepFinished(SweepReport report) {
    batches.remove(inProgress(report.pass()));
    SweepEvent event = sweeps.remove(inProgress(report.pass()));
    if (event != null) {
      event.end();
      event.pass = report.pass();
      // A window of never reports Instant.MIN, which no epoch millisecond holds.
      event.cutoff = report.cutoff().equals(Instant.MIN) ? Long.MIN_VALUE : report.cutoff().toEpochMilli();
      event.deleted = report.deleted();
      event.batches = report.batches();
      event.workRemains = report.workRemains();
      event.dryRun = report.dryRun();
      event.lag = report.lag().map(lag -> lag.toMillis()).orElse(-1L);
      event.outcome = report.skipped() ? "skipped" : report.succeeded() ? "success" : "failure";
      event.failure = report.failure().map(Throwable::toString).orElse(null);
      event.partitionsDropped = report.partitionsDropped();
      event.partitionRows = report.partitionRows();
      event.scope = report.scope().isAll() ? null : report.scope().key();
      event.tenant = report.tenant().orElse(null);
      event.held = report.heldFor().toMillis();
      event.heldBy = report.heldBy().orElse(null);
      event.replicaLagBytes = report.replicaLagBytes().orElse(-1L);
      event.noProgress = report.noProgress().map(SweepReport.NoProgress::description).orElse(null);
      event.commit();
    }
  }

  /** The key of the events in progress of {@code pass} in this thread. */
  private static String inProgress(String pass) {
    return pass + "@" + Thread.currentThread().getId();
  }
}
